import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type {
  PgliteSnapshot,
  RowMode,
  SerializedError,
  WorkerOptions,
  WorkerReply,
  WorkerRequest,
} from "./pglite-protocol.ts";

// The main thread's side of PGlite in a worker thread (docs/decisions/017-pglite-in-a-worker-
// thread.md): an object with the part of PGlite's API that drizzle's PGlite driver calls
// (query, transaction), each call one message to the worker (pglite-worker.ts). Drizzle, the
// repositories and Better Auth are unchanged; only the Postgres work moved off this thread.

/**
 * The worker's code: pglite-worker.js beside this code in the server bundle (build/server,
 * scripts/build-server.ts builds it as its own entry), else the TypeScript source loaded
 * through tsx (npm run dev, tests, scripts). A worker does not inherit tsx's loader hooks
 * (Node 20), so a small bootstrap imports the source with tsx's tsImport().
 */
function workerEntry(): { source: URL | string; eval: boolean } {
  const bundled = new URL("./pglite-worker.js", import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return { source: bundled, eval: false };
  const file = new URL("./pglite-worker.ts", import.meta.url).href;
  // require.resolve finds the CommonJS build; its ES module twin sits beside it
  const tsxApi = createRequire(import.meta.url)
    .resolve("tsx/esm/api")
    .replace(/\.cjs$/, ".mjs");
  const tsx = pathToFileURL(tsxApi).href;
  return {
    source: `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(file)}))`,
    eval: true,
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
type Params = unknown[] | undefined;
type QueryOptions = { rowMode?: RowMode };
/** `fields` only in object row mode (array mode: drizzle maps rows by its own fields) */
type Result = { rows: unknown[]; affectedRows?: number; fields?: unknown[] };

/** What a transaction's callback gets: drizzle calls only query() on it. */
export interface ThreadTransaction {
  query(sql: string, params?: Params, options?: QueryOptions): Promise<Result>;
}

function toError(serialized: SerializedError): Error {
  const { name, message, ...fields } = serialized;
  const error = Object.assign(new Error(message), fields);
  error.name = name;
  return error;
}

export class PgliteThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  #nextId = 1;
  /** set once the worker is gone: every request fails with it (→ 503 UNAVAILABLE) */
  #stopped: Error | null = null;

  private constructor(worker: Worker) {
    this.#worker = worker;
    // idle, the worker does not keep the process alive; a query in flight does
    worker.unref();
    worker.on("message", (reply: WorkerReply) => {
      const pending = this.#pending.get(reply.id);
      if (!pending) return;
      this.#pending.delete(reply.id);
      if (this.#pending.size === 0) worker.unref();
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(toError(reply.error));
    });
    const stop = (reason: string) => {
      // "PGlite is closed": what http/unavailable.ts reads as "the database is away"
      this.#stopped ??= new Error(`PGlite is closed (${reason})`);
      for (const pending of this.#pending.values()) pending.reject(this.#stopped);
      this.#pending.clear();
    };
    worker.on("error", (error) => stop(`its thread failed: ${error.message}`));
    worker.on("exit", (code) => stop(`its thread exited with code ${code}`));
  }

  /**
   * Starts the worker and waits until PGlite has opened the data directory. `workerFile`: a
   * bundled pglite-worker.js to run instead of the one found by workerEntry() (the tests' server
   * bundle: a thread through tsx costs half a second of CPU more, on each of their databases).
   */
  static async start(options: WorkerOptions, workerFile?: URL): Promise<PgliteThread> {
    const entry = workerFile ? { source: workerFile, eval: false } : workerEntry();
    const worker = new Worker(entry.source, {
      eval: entry.eval,
      workerData: options,
      // an ArrayBuffer moves to the thread; a SharedArrayBuffer is shared, never moved
      transferList: options.loadDataDir instanceof ArrayBuffer ? [options.loadDataDir] : [],
    });
    await new Promise<void>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      const exited = (code: number) => reject(new Error(`PGlite's thread exited with ${code}`));
      worker.once("error", failed);
      worker.once("exit", exited);
      worker.once("message", () => {
        worker.off("error", failed);
        worker.off("exit", exited);
        resolve();
      });
    });
    return new PgliteThread(worker);
  }

  #request(request: DistributiveOmit<WorkerRequest, "id">): Promise<unknown> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #query(sql: string, params: Params, options: QueryOptions | undefined, tx?: number) {
    return this.#request({
      op: "query",
      sql,
      params: params ?? [],
      rowMode: options?.rowMode ?? "object",
      ...(tx === undefined ? {} : { tx }),
    }) as Promise<Result>;
  }

  query(sql: string, params?: Params, options?: QueryOptions): Promise<Result> {
    return this.#query(sql, params, options);
  }

  /**
   * pg-boss's statements (jobs/boss-db.ts): parsed as node-postgres would (timestamps as
   * Date); without params, several statements in one text, run as one unit.
   */
  executeSql(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }> {
    return this.#request({ op: "sql", sql, ...(params ? { params } : {}) }) as Promise<{
      rows: unknown[];
    }>;
  }

  /**
   * Like PGlite's transaction(): the callback's queries run between BEGIN and COMMIT while
   * every other query waits (PGlite has one session); a callback that throws rolls back.
   */
  async transaction<T>(callback: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const tx = (await this.#request({ op: "begin" })) as number;
    let result: T;
    try {
      result = await callback({
        query: (sql, params, options) => this.#query(sql, params, options, tx),
      });
    } catch (error) {
      await this.#request({ op: "end", tx, commit: false }).catch(() => {});
      throw error;
    }
    await this.#request({ op: "end", tx, commit: true });
    return result;
  }

  async migrate(migrationsFolder: string): Promise<void> {
    await this.#request({ op: "migrate", migrationsFolder });
  }

  async dumpDataDir(): Promise<Blob> {
    return new Blob([(await this.#request({ op: "dump" })) as ArrayBuffer]);
  }

  /** The data directory between transactions, for a backup (pglite-worker.ts, snapshot). */
  async snapshot(): Promise<PgliteSnapshot> {
    return (await this.#request({ op: "snapshot" })) as PgliteSnapshot;
  }

  /** Closes PGlite (its files are complete afterwards), then ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.#request({ op: "close" });
    } finally {
      this.#stopped = new Error("PGlite is closed");
      await this.#worker.terminate();
    }
  }
}
