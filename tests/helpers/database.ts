import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { openPglite, openPostgres, type Database } from "../../src/server/db/client.ts";
import { pathToFileURL } from "node:url";
import {
  pgliteSnapshotPath,
  serverBundleDir,
  templateDatabaseName,
  withDatabase,
} from "./database-names.ts";

export type TestEngine = "pglite" | "postgres";

export function testEngine(): TestEngine {
  return process.env.HAWL_TEST_ENGINE === "postgres" ? "postgres" : "pglite";
}

/**
 * PGlite's thread as the server bundle runs it (global-setup.ts builds the bundle from the
 * sources): the same code as through tsx, without compiling it in each new thread.
 */
export const bundledPgliteWorker = () =>
  pathToFileURL(path.join(serverBundleDir("pglite"), "pglite-worker.js"));

/** A fresh, migrated database for one test file, on the engine of the running project. */
export async function createTestDatabase(): Promise<Database> {
  if (testEngine() === "pglite") {
    const snapshot = new Blob([readFileSync(pgliteSnapshotPath)]);
    return openPglite({ loadDataDir: snapshot, workerFile: bundledPgliteWorker() });
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
