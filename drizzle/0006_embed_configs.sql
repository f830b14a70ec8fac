CREATE TABLE "embed_configs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"embed_key" text NOT NULL,
	"name" text NOT NULL,
	"allowed_domains" text[] DEFAULT '{}'::text[] NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embed_configs_embed_key_format" CHECK ("embed_configs"."embed_key" ~ '^[A-Za-z0-9]{32}$')
);
--> statement-breakpoint
ALTER TABLE "embed_configs" ADD CONSTRAINT "embed_configs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "embed_configs_embed_key_uq" ON "embed_configs" USING btree ("embed_key");--> statement-breakpoint
CREATE INDEX "embed_configs_user_created_idx" ON "embed_configs" USING btree ("user_id","created_at");