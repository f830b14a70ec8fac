import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { openPglite, openPostgres, type Database } from "../../src/server/db/client.ts";
import { pgliteSnapshotPath, templateDatabaseName, withDatabase } from "./database-names.ts";

export type TestEngine = "pglite" | "postgres";

export function testEngine(): TestEngine {
  return process.env.HAWL_TEST_ENGINE === "postgres" ? "postgres" : "pglite";
}

/** A fresh, migrated database for one test file, on the engine of the running project. */
export async function createTestDatabase(): Promise<Database> {
  if (testEngine() === "pglite") {
    const snapshot = new Blob([readFileSync(pgliteSnapshotPath)]);
    return openPglite({ loadDataDir: snapshot });
  }
  const url = process.env.TEST_DATABASE_URL!;
  const name = `hawl_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName}`);
  await admin.end();
  const database = openPostgres(withDatabase(url, name));
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
