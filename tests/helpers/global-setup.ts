import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { buildServer, templateName } from "../../scripts/build-server.ts";
import { openPostgres } from "../../src/server/db/client.ts";
import {
  pgliteSnapshotPath,
  serverBundleDir,
  templateDatabaseName,
  withDatabase,
} from "./database-names.ts";

// Once per run: the server bundle that the tests starting a server process run, and the
// migrated database each test file starts from, a copy being far cheaper than migrating: on
// PGlite the bundle's own template (a migrated data directory, as `npm run build` ships it),
// stored unpacked; on PostgreSQL a template database.
export default async function setup(project: TestProject) {
  const engine = project.config.env?.HAWL_TEST_ENGINE ?? process.env.HAWL_TEST_ENGINE;
  if (engine === "postgres") {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error("TEST_DATABASE_URL is required for the postgres project");
    await buildServer(serverBundleDir("postgres"), { pgliteTemplate: false });
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
  const bundleDir = serverBundleDir("pglite");
  await buildServer(bundleDir);
  mkdirSync(path.dirname(pgliteSnapshotPath), { recursive: true });
  writeFileSync(pgliteSnapshotPath, gunzipSync(readFileSync(path.join(bundleDir, templateName))));
}
