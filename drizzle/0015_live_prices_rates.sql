CREATE TABLE "daily_prices" (
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"gold_per_gram" numeric(24, 6) NOT NULL,
	"silver_per_gram" numeric(24, 6) NOT NULL,
	"usd_rate" numeric,
	"provider" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "daily_prices_currency_day_pk" PRIMARY KEY("currency","day")
);
--> statement-breakpoint
ALTER TABLE "zakat_calculations" ADD COLUMN "rates" jsonb;--> statement-breakpoint
ALTER TABLE "zakat_calculations" ADD COLUMN "milestone_id" uuid;