import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import pg from "pg";
import type { PgliteSnapshot } from "./pglite-protocol.ts";
import { PgliteThread } from "./pglite-thread.ts";
import { checkDataDir } from "./data-dir.ts";
import { loadPgliteTemplate } from "./pglite-template.ts";
import * as schema from "./schema.ts";

export type Schema = typeof schema;
/** One type for both engines: repositories never know which one they talk to. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/** Which database a Database talks to (services that must write differently ask it). */
export type Engine = "pglite" | "postgres";

/**
 * How busy the database is right now, read without a query (/metrics): node-postgres' pool, or
 * the requests sent to PGlite's thread and not yet answered (it runs one at a time).
 */
export type DatabaseLoad =
  | { engine: "postgres"; inUse: number; idle: number; waiting: number }
  | { engine: "pglite"; queued: number };

export interface Database {
  db: Db;
  engine: Engine;
  /**
   * true when a trivial query answers (PostgreSQL: and the database cut none of the pool's
   * connections in the last couple of seconds). Asked when a request failed, to tell "the
   * database is away" (503) from a bug (500), also when a library hid the driver's error.
   */
  ping(): Promise<boolean>;
  migrate(): Promise<void>;
  /**
   * A raw statement with $1… parameters, outside drizzle: pg-boss's (jobs/boss-db.ts). Without
   * params the text may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  close(): Promise<void>;
  load(): DatabaseLoad;
  /** PGlite only: the data directory as a gzipped tarball (test snapshots). */
  dumpDataDir?(): Promise<Blob>;
  /** PGlite only: the data directory at one point between transactions (backups). */
  snapshot?(): Promise<PgliteSnapshot>;
}

// src/server/db → ../../../drizzle; the bundle (build/server, decision 018) → ../../drizzle
export const migrationsFolder = ["../../drizzle", "../../../drizzle"]
  .map((relative) => path.resolve(import.meta.dirname, relative))
  .find((folder) => existsSync(path.join(folder, "meta/_journal.json")))!;

/** How long after a lost connection ping() still answers false (see openPostgres). */
const recentLossMs = 2_000;

/**
 * A client checked out with `pool.connect()` (drizzle's transactions) whose connection is lost
 * goes back to the pool at once, as broken, so the pool forgets it. Without this a lost
 * connection could leak its pool slot for good: drizzle sends `begin` before its try/finally,
 * so a `begin` that fails never releases the client, and once `max` slots leak every request
 * waits for a connection that never comes. The caller's own release() afterwards is a no-op,
 * and its further queries on that client fail ("not queryable") like any lost connection.
 */
function returnLostClients(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool);
  const guard = (client: pg.PoolClient): pg.PoolClient => {
    const release = client.release;
    let released = false;
    const releaseOnce = (error?: Error | boolean) => {
      if (released) return;
      released = true;
      client.off("error", onLost);
      release(error);
    };
    const onLost = (error: Error) => releaseOnce(error);
    client.on("error", onLost);
    client.release = releaseOnce;
    return client;
  };
  pool.connect = ((callback?: Parameters<pg.Pool["connect"]>[0]) =>
    callback ? connect(callback) : connect().then(guard)) as pg.Pool["connect"];
}

export function openPostgres(url: string): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // node-postgres throws an 'error' event nobody listens to, and the pool listens only while a
  // client is idle: every client gets its own listener when it connects, so a connection cut
  // under a checked-out client fails its queries (503) instead of ending the process.
  // Better Auth reports such a failure as a bare 500, so ping() says "unavailable" for a moment
  // after a lost connection: that request gets API.md's 503 UNAVAILABLE.
  let lastLossAt = Number.NEGATIVE_INFINITY;
  const connectionLost = () => {
    lastLossAt = Date.now();
  };
  pool.on("connect", (client) => {
    client.on("error", connectionLost);
    // A terminated backend first sends a FATAL error (the query in flight fails with it), and
    // closes the socket a moment later: note the loss already at the FATAL, before the failed
    // request asks ping() whether the database was the cause.
    client.connection.on("errorMessage", (message: { severity?: string }) => {
      if (message.severity === "FATAL" || message.severity === "PANIC") connectionLost();
    });
  });
  pool.on("error", connectionLost);
  returnLostClients(pool);
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    engine: "postgres",
    ping: async () => {
      try {
        await pool.query("select 1");
      } catch {
        return false;
      }
      // checked after the round trip: the cut connection's 'error' has been seen by then
      return Date.now() - lastLossAt > recentLossMs;
    },
    migrate: () => migratePg(drizzlePg(pool), { migrationsFolder }),
    executeSql: async (text, values) => {
      if (values && values.length > 0) return pool.query(text, values);
      // Several statements, maybe BEGIN … COMMIT: one that fails (pg-boss expects "already
      // exists" when two instances create its schema) must not hand the connection back to
      // the pool inside an aborted transaction.
      const client = await pool.connect();
      try {
        return await client.query(text);
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    load: () => ({
      engine: "postgres",
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
  };
}

/**
 * dataDir undefined: in memory. loadDataDir: a dumped snapshot (tests, a fresh DATA_DIR).
 * PGlite runs in a worker thread (pglite-thread.ts, docs/decisions/017-pglite-in-a-worker-
 * thread.md): its Postgres work never blocks the HTTP thread.
 */
/**
 * PGlite's WebAssembly module (pglite.wasm compiled) and file-system bundle (pglite.data), for
 * a process that opens many databases (the integration tests, tests/helpers/database.ts):
 * each thread would otherwise compile and read them again.
 */
export interface PgliteSharedStart {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

export async function openPglite(options: {
  dataDir?: string;
  /** a data directory as a tarball; a SharedArrayBuffer is shared with the thread, not copied */
  loadDataDir?: Blob | SharedArrayBuffer;
  /** a bundled pglite-worker.js (PgliteThread.start) */
  workerFile?: URL;
  /** what many databases of one process share: the tests open dozens */
  shared?: PgliteSharedStart;
}): Promise<Database> {
  if (options.dataDir) mkdirSync(path.dirname(path.resolve(options.dataDir)), { recursive: true });
  const { loadDataDir } = options;
  const thread = await PgliteThread.start(
    {
      ...(options.dataDir ? { dataDir: path.resolve(options.dataDir) } : {}),
      ...(loadDataDir
        ? {
            loadDataDir:
              loadDataDir instanceof SharedArrayBuffer
                ? loadDataDir
                : await loadDataDir.arrayBuffer(),
          }
        : {}),
      ...options.shared,
    },
    options.workerFile,
  );
  // drizzle's PGlite driver calls only query() and transaction(), which the thread provides
  const db = drizzlePglite(thread as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    engine: "pglite",
    ping: async () => {
      try {
        await thread.query("select 1");
        return true;
      } catch {
        return false;
      }
    },
    migrate: () => thread.migrate(migrationsFolder),
    executeSql: (text, values) => thread.executeSql(text, values),
    close: () => thread.close(),
    load: () => ({ engine: "pglite", queued: thread.pending }),
    dumpDataDir: () => thread.dumpDataDir(),
    snapshot: () => thread.snapshot(),
  };
}

export async function openDatabase(env: {
  DATABASE_URL?: string;
  DATA_DIR: string;
}): Promise<Database> {
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  // refused (DataDirError) when others can write it; a fresh one starts from the template
  checkDataDir(env.DATA_DIR);
  await loadPgliteTemplate(env.DATA_DIR);
  return openPglite({ dataDir: env.DATA_DIR });
}
