import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "../../src/server/db/client.ts";
import { pgliteSnapshotPath, templateDatabaseName, withDatabase } from "./database-names.ts";

// Migrate once per run: a PGlite snapshot (dumpDataDir) or a PostgreSQL template database.
// Each test file then starts from a copy in well under a second.
export default async function setup(project: TestProject) {
  const engine = project.config.env?.HAWL_TEST_ENGINE ?? process.env.HAWL_TEST_ENGINE;
  if (engine === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is required for the postgres project");
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${templateDatabaseName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${templateDatabaseName}`);
    await admin.end();
    const template = openPostgres(withDatabase(url, templateDatabaseName));
    await template.migrate();
    await template.close();
    return;
  }
  const database = await openPglite({});
  await database.migrate();
  const dump = await database.dumpDataDir!();
  mkdirSync(path.dirname(pgliteSnapshotPath), { recursive: true });
  writeFileSync(pgliteSnapshotPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
}
