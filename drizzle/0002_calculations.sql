CREATE TABLE "calculation_counts" (
	"workspace_id" uuid PRIMARY KEY NOT NULL,
	"count" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calculation_idempotency_keys" (
	"workspace_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"calculation_id" uuid,
	"response_status" integer,
	"response_body" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calculation_idempotency_keys_workspace_id_key_pk" PRIMARY KEY("workspace_id","key")
);
--> statement-breakpoint
CREATE TABLE "zakat_calculations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"calculation_date" date NOT NULL,
	"is_completed" boolean DEFAULT false NOT NULL,
	"asset_selection" jsonb NOT NULL,
	"liability_selection" jsonb NOT NULL,
	"cash_amounts" jsonb NOT NULL,
	"gold_silver_amounts" jsonb NOT NULL,
	"money_owed_amounts" jsonb NOT NULL,
	"shares_business_amounts" jsonb NOT NULL,
	"liability_amounts" jsonb NOT NULL,
	"currency" text NOT NULL,
	"methodology" jsonb NOT NULL,
	"nissab_method" text NOT NULL,
	"gold_price_per_gram" numeric NOT NULL,
	"silver_price_per_gram" numeric NOT NULL,
	"price_source" text,
	"price_date" timestamp with time zone,
	"total_assets" numeric NOT NULL,
	"total_liabilities" numeric NOT NULL,
	"zakatable_amount" numeric NOT NULL,
	"zakat_due" numeric NOT NULL,
	"nissab_value" numeric NOT NULL,
	"is_above_nissab" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calculation_counts" ADD CONSTRAINT "calculation_counts_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calculation_idempotency_keys" ADD CONSTRAINT "calculation_idempotency_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zakat_calculations" ADD CONSTRAINT "zakat_calculations_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zakat_calculations" ADD CONSTRAINT "zakat_calculations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "zakat_calculations_workspace_created_idx" ON "zakat_calculations" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
