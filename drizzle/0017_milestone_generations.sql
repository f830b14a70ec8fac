CREATE SEQUENCE "public"."milestone_generations" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1;--> statement-breakpoint
-- see docs/decisions/034-a-large-sync-writes-a-new-generation.md: the index of one threshold a day
-- moves to (workspace, generation, date); the milestones table is locked for the migration only
-- squawk-ignore require-concurrent-index-deletion
DROP INDEX "milestones_one_threshold_per_day_uq";--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "milestone_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- squawk-ignore require-concurrent-index-creation
CREATE UNIQUE INDEX "milestones_one_threshold_per_day_gen_uq" ON "milestones" USING btree ("workspace_id","generation","date") WHERE "milestones"."type" = 'threshold';