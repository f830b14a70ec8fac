import path from "node:path";

// HAWL_TEST_SLOT (letters, digits, underscore) lets two suites run side by side on one machine
// without sharing a template database or a PGlite snapshot; CI leaves it unset.
const slot = (process.env.HAWL_TEST_SLOT ?? "").replace(/[^a-z0-9_]/gi, "").toLowerCase();

export const templateDatabaseName = `hawl_test_template${slot ? `_${slot}` : ""}`;
export const pgliteSnapshotPath = path.resolve(
  import.meta.dirname,
  `../../.tmp/pglite-snapshot${slot ? `-${slot}` : ""}.tar.gz`,
);

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
