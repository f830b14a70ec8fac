-- milestones.revision and updated_at follow every update that changes a row, whichever code
-- path wrote it (hand-written: drizzle-kit does not model triggers). The calendar feed reads them
-- as each event's SEQUENCE and LAST-MODIFIED (decision 016).
CREATE FUNCTION "milestones_bump_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."revision" := OLD."revision" + 1;
  NEW."updated_at" := now();
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "milestones_bump_revision" BEFORE UPDATE ON "milestones"
  FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION "milestones_bump_revision"();
