import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

// A fresh PGlite data directory is loaded from the migrated template the build ships
// (scripts/build-server.ts, decision 018) instead of being initialised and migrated from
// nothing: seconds saved on the first start. The migrations still run afterwards, so a template
// older than the code only costs the migrations it lacks.

/** Where the build writes the template: beside the bundle, or build/server seen from src. */
const candidates = [
  path.resolve(import.meta.dirname, "pglite-template.tar.gz"),
  path.resolve(import.meta.dirname, "../../../build/server/pglite-template.tar.gz"),
];

/**
 * The template to load into `dataDir`, or undefined when the directory holds a database
 * already (PG_VERSION) or no build has made a template.
 */
export function pgliteTemplateFor(dataDir: string): Blob | undefined {
  if (existsSync(path.join(dataDir, "PG_VERSION"))) return undefined;
  const file = candidates.find((candidate) => existsSync(candidate));
  return file ? new Blob([readFileSync(file)]) : undefined;
}
