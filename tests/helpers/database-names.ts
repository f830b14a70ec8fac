import path from "node:path";

// HAWL_TEST_SLOT (letters, digits, underscore) lets two suites run side by side on one machine
// without sharing a template database, a PGlite snapshot or a server bundle; CI leaves it unset.
const slot = (process.env.HAWL_TEST_SLOT ?? "").replace(/[^a-z0-9_]/gi, "").toLowerCase();
const root = path.resolve(import.meta.dirname, "../..");

export const templateDatabaseName = `hawl_test_template${slot ? `_${slot}` : ""}`;
/**
 * The migrated PGlite data directory as an uncompressed tarball: every test database starts
 * from it, and PGlite unpacks a plain tar a fifth faster than the gzipped one.
 */
export const pgliteSnapshotPath = path.join(
  root,
  `.tmp/pglite-snapshot${slot ? `-${slot}` : ""}.tar`,
);

/**
 * The server bundle (scripts/build-server.ts) that the tests which start the real server as a
 * child process run, built once per run by global-setup.ts: what `npm start` runs (decision
 * 018), and half the CPU of a start through tsx. Two levels below the root, as the bundle
 * finds the migrations at ../../drizzle; one per engine, as both projects' set-ups may run at
 * once.
 */
export function serverBundleDir(engine: "pglite" | "postgres"): string {
  return path.join(root, `.tmp/server-${engine}${slot ? `-${slot}` : ""}`);
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
