ALTER TABLE "milestones" ADD COLUMN "title_code" text;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "title_params" jsonb;