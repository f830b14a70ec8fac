CREATE TABLE "price_cache" (
	"currency" text PRIMARY KEY NOT NULL,
	"gold_per_gram" numeric(24, 6) NOT NULL,
	"silver_per_gram" numeric(24, 6) NOT NULL,
	"provider" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
