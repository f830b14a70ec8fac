CREATE TABLE "embed_usage_daily" (
	"config_id" uuid NOT NULL,
	"day" date NOT NULL,
	"loads" integer DEFAULT 0 NOT NULL,
	"completed" integer DEFAULT 0 NOT NULL,
	"due" integer DEFAULT 0 NOT NULL,
	"cta_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "embed_usage_daily_config_id_day_pk" PRIMARY KEY("config_id","day"),
	CONSTRAINT "embed_usage_daily_counts_check" CHECK ("embed_usage_daily"."loads" >= 0 and "embed_usage_daily"."completed" >= 0 and "embed_usage_daily"."due" >= 0 and "embed_usage_daily"."cta_clicks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "embed_configs" ADD COLUMN "call_to_action" jsonb;--> statement-breakpoint
ALTER TABLE "embed_usage_daily" ADD CONSTRAINT "embed_usage_daily_config_id_embed_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."embed_configs"("id") ON DELETE cascade ON UPDATE no action;