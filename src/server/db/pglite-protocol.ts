// The messages between the server's main thread and the thread that runs PGlite
// (pglite-thread.ts ↔ pglite-worker.ts, docs/decisions/017-pglite-in-a-worker-thread.md).
// Every request carries an id; the worker answers each with exactly one reply of that id.

export type RowMode = "array" | "object";

export type WorkerRequest =
  | { id: number; op: "query"; sql: string; params: unknown[]; rowMode: RowMode; tx?: number }
  /**
   * pg-boss's statements (jobs/boss-db.ts): PGlite's own type parsing, as node-postgres does;
   * without params the text may hold several statements (its schema, BEGIN … COMMIT).
   */
  | { id: number; op: "sql"; sql: string; params?: unknown[] }
  /** opens a transaction: replies once it holds PGlite's transaction lock */
  | { id: number; op: "begin" }
  /** ends the transaction opened by `begin` (its reply's value is the transaction id) */
  | { id: number; op: "end"; tx: number; commit: boolean }
  | { id: number; op: "migrate"; migrationsFolder: string }
  | { id: number; op: "dump" }
  /** a consistent copy of the data directory for a backup (PgliteSnapshot) */
  | { id: number; op: "snapshot" }
  | { id: number; op: "close" };

/** The data directory at one point between transactions, and what it holds (backups). */
export interface PgliteSnapshot {
  /** PGlite's dumpDataDir, an uncompressed tarball */
  tar: ArrayBuffer;
  /** Postgres's server_version, e.g. "18.6" */
  postgresVersion: string;
  /** drizzle's migrations applied: how many, and the last one's `when` (its journal entry) */
  migrations: { count: number; lastWhen: number | null };
}

/** An error as plain data: PGlite's DatabaseError fields (code, detail, constraint…) kept. */
export type SerializedError = { name: string; message: string; [field: string]: unknown };

export type WorkerReply =
  { id: number; ok: true; value?: unknown } | { id: number; ok: false; error: SerializedError };

export interface WorkerOptions {
  dataDir?: string;
  /**
   * a dumped data directory (tarball, gzipped or not) to start from; a SharedArrayBuffer is
   * read in place, so one copy serves every thread that starts from it (the tests' snapshot)
   */
  loadDataDir?: ArrayBuffer | SharedArrayBuffer;
  /** PGlite's pglite.wasm already compiled (pgliteSharedStart): not compiled again per thread */
  pgliteWasmModule?: WebAssembly.Module;
  /** PGlite's pglite.data already read (pgliteSharedStart) */
  fsBundle?: Blob;
}
