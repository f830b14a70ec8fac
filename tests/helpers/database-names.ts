import path from "node:path";

export const templateDatabaseName = "hawl_test_template";
export const pgliteSnapshotPath = path.resolve(
  import.meta.dirname,
  "../../.tmp/pglite-snapshot.tar.gz",
);

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
