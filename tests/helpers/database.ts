import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import {
  openPglite,
  openPostgres,
  type Database,
  type PgliteSharedStart,
} from "../../src/server/db/client.ts";
import { unpackDataDir } from "../../src/server/db/pglite-template.ts";
import { fileURLToPath, pathToFileURL } from "node:url";
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

/**
 * What every PGlite test database of this process starts from, made once (decision 036): the
 * snapshot in shared memory, which each database's thread reads in place, and PGlite's
 * WebAssembly compiled and its file-system bundle read. A quarter less CPU per database than
 * reading, copying and compiling them for each.
 */
let pgliteStart: Promise<{ snapshot: SharedArrayBuffer; shared: PgliteSharedStart }> | null = null;

export function sharedPgliteStart() {
  pgliteStart ??= (async () => {
    const dist = path.dirname(fileURLToPath(import.meta.resolve("@electric-sql/pglite")));
    const [tar, wasm, data] = await Promise.all([
      readFile(pgliteSnapshotPath),
      readFile(path.join(dist, "pglite.wasm")),
      readFile(path.join(dist, "pglite.data")),
    ]);
    const snapshot = new SharedArrayBuffer(tar.byteLength);
    new Uint8Array(snapshot).set(tar);
    const pgliteWasmModule = await WebAssembly.compile(wasm);
    return { snapshot, shared: { pgliteWasmModule, fsBundle: new Blob([data]) } };
  })();
  return pgliteStart;
}

/** A fresh, migrated database for one test file, on the engine of the running project. */
export async function createTestDatabase(): Promise<Database> {
  if (testEngine() === "pglite") {
    const { snapshot, shared } = await sharedPgliteStart();
    return openPglite({ loadDataDir: snapshot, shared, workerFile: bundledPgliteWorker() });
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

/**
 * PGlite on a data directory (a server process's DATA_DIR) from this process's shared start:
 * with `seed`, the directory is filled with the migrated snapshot first, so that a server
 * starts on it at once, unpacked as the server unpacks its template (0600 files: the server
 * refuses others' write access). Compiling PGlite and the thread's code again (a plain
 * openPglite) cost about a second of CPU more each time.
 */
export async function openPgliteDataDir(dataDir: string, seed = false): Promise<Database> {
  const { snapshot, shared } = await sharedPgliteStart();
  if (seed) await unpackDataDir(dataDir, new Uint8Array(snapshot));
  return openPglite({ dataDir, shared, workerFile: bundledPgliteWorker() });
}
