-- calculation_counts is kept by these triggers (hand-written: drizzle-kit does not model triggers).
CREATE FUNCTION "zakat_calculations_count_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "calculation_counts" ("workspace_id", "count")
    SELECT "workspace_id", count(*) FROM "inserted_rows" GROUP BY "workspace_id"
  ON CONFLICT ("workspace_id") DO UPDATE SET "count" = "calculation_counts"."count" + EXCLUDED."count";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "zakat_calculations_count_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "calculation_counts" AS c SET "count" = c."count" - d."n"
    FROM (SELECT "workspace_id", count(*) AS "n" FROM "deleted_rows" GROUP BY "workspace_id") AS d
    WHERE c."workspace_id" = d."workspace_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "zakat_calculations_count_inserted" AFTER INSERT ON "zakat_calculations"
  REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "zakat_calculations_count_inserted"();
--> statement-breakpoint
CREATE TRIGGER "zakat_calculations_count_deleted" AFTER DELETE ON "zakat_calculations"
  REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT
  EXECUTE FUNCTION "zakat_calculations_count_deleted"();
