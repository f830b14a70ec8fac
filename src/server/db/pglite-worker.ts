import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parentPort, workerData } from "node:worker_threads";
import { PGlite, types, type Transaction } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type {
  PgliteSnapshot,
  SerializedError,
  WorkerOptions,
  WorkerReply,
  WorkerRequest,
} from "./pglite-protocol.ts";
import { writeTar, type TarFile } from "../backup/tar.ts";
import { OwnerOnlyNodeFS } from "./pglite-owner-only-fs.ts";
import { PgliteStatements } from "./pglite-statements.ts";

// The thread that owns PGlite (docs/decisions/017-pglite-in-a-worker-thread.md). PGlite runs
// Postgres compiled to WebAssembly synchronously on the thread that calls it: in the HTTP
// thread a 4,001-row sync stalled every request. Here it stalls only this thread; the main
// thread keeps answering and its queries wait in this thread's queue.
//
// Its own entry point: the server bundle (scripts/build-server.ts) builds it to
// build/server/pglite-worker.js, and pglite-thread.ts starts it by file name.

// The parsers drizzle's PGlite driver passes (drizzle-orm/pglite/session.js): dates, times and
// intervals stay the strings Postgres sends. Functions cannot cross threads, so they live here.
const identity = (value: string) => value;
const parsers = Object.fromEntries(
  [
    types.TIMESTAMP,
    types.TIMESTAMPTZ,
    types.INTERVAL,
    types.DATE,
    1231,
    1115,
    1185,
    1187,
    1182,
  ].map((type) => [type, identity]),
);

const port = parentPort!;
const options = workerData as WorkerOptions;

function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error) };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // plain data only: the Postgres error fields (code, detail, constraint, severity…)
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
      fields[key] = value;
    }
  }
  return { ...fields, name: error.name, message: error.message };
}

// A Blob copies the bytes, also out of a SharedArrayBuffer (which TypeScript's BlobPart omits).
const tarball = options.loadDataDir
  ? new Blob([new Uint8Array(options.loadDataDir) as Uint8Array<ArrayBuffer>])
  : undefined;

const client = await PGlite.create({
  // on disk, what it creates is its owner's alone (pglite-owner-only-fs.ts, decision 043)
  ...(options.dataDir ? { fs: new OwnerOnlyNodeFS(options.dataDir) } : {}),
  ...(tarball ? { loadDataDir: tarball } : {}),
  ...(options.pgliteWasmModule ? { pgliteWasmModule: options.pgliteWasmModule } : {}),
  ...(options.fsBundle ? { fsBundle: options.fsBundle } : {}),
});

/** drizzle's statements, each parsed once under a name (pglite-statements.ts) */
const statements = new PgliteStatements(client, parsers);
// Each named statement keeps one generic plan instead of being planned again on every run
// (decision 023): Postgres's own choice kept re-planning the history page (its LIMIT and
// OFFSET are parameters), a fifth of its cost here. Hawl's statements look rows up by ids,
// where the generic plan is the custom one.
await client.exec("set plan_cache_mode = force_generic_plan");

/** Open transactions: their PGlite handle and how to end them. */
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void }>();
let nextTransaction = 1;

class Rollback extends Error {}

/**
 * Transactions wait here, not in PGlite's own queue. PGlite has one session and serves
 * waiting work in arrival order, so a request outside a transaction (a session check, GET
 * /api/me) queued behind every transaction sent before it: four syncs, four waits. Here a
 * transaction starts only when none is open and no query outside one is waiting, so such a
 * query waits for the open transaction at most. A transaction that has waited `maxDelayMs`
 * starts anyway (queued behind the queries already sent): a steady stream of reads cannot
 * starve writes.
 */
const maxDelayMs = 100;
let transactionOpen = false;
let plainInFlight = 0;
const queuedBegins: { since: number; start: () => void }[] = [];
let retryTimer: NodeJS.Timeout | null = null;

function startNextTransaction(): void {
  const next = queuedBegins[0];
  if (!next || transactionOpen) return;
  if (plainInFlight > 0 && performance.now() - next.since < maxDelayMs) {
    if (!retryTimer) {
      retryTimer = setTimeout(
        () => {
          retryTimer = null;
          startNextTransaction();
        },
        maxDelayMs - (performance.now() - next.since) + 1,
      );
    }
    return;
  }
  queuedBegins.shift();
  transactionOpen = true;
  next.start();
}

function transactionTurn(): Promise<void> {
  return new Promise((start) => {
    queuedBegins.push({ since: performance.now(), start });
    startNextTransaction();
  });
}

function transactionDone(): void {
  transactionOpen = false;
  startNextTransaction();
}

async function handle(request: WorkerRequest): Promise<unknown> {
  switch (request.op) {
    case "query": {
      if (request.tx !== undefined && !transactions.has(request.tx)) {
        throw new Error("the transaction has ended");
      }
      if (request.tx === undefined) plainInFlight++;
      let result;
      try {
        result =
          request.tx === undefined
            ? await statements.runAlone(request.sql, request.params, request.rowMode)
            : await statements.query(request.sql, request.params, request.rowMode, true);
      } finally {
        if (request.tx === undefined) {
          plainInFlight--;
          startNextTransaction();
        }
      }
      // drizzle's array-mode reads map rows by its own field list and never read `fields`:
      // not copied to the other thread (a quarter of the history page's message)
      return request.rowMode === "array"
        ? { rows: result.rows, affectedRows: result.affectedRows }
        : { rows: result.rows, affectedRows: result.affectedRows, fields: result.fields };
    }
    case "sql": {
      plainInFlight++;
      try {
        if (request.params && request.params.length > 0) {
          const result = await client.query(request.sql, request.params);
          return { rows: result.rows, affectedRows: result.affectedRows };
        }
        // Simple protocol: several statements; the last one's rows are the answer. Inside a
        // transaction of PGlite's own: when a statement fails after the text's own BEGIN (two
        // instances creating the schema at once: "already exists", which pg-boss expects),
        // its ROLLBACK ends the aborted transaction before any other query runs.
        const results = await client.transaction((tx) => tx.exec(request.sql));
        const last = results[results.length - 1];
        return { rows: last?.rows ?? [], affectedRows: last?.affectedRows };
      } finally {
        plainInFlight--;
        startNextTransaction();
      }
    }
    case "begin": {
      const id = nextTransaction++;
      await transactionTurn();
      return new Promise<number>((opened, failed) => {
        let open = false;
        client
          .transaction(async (tx) => {
            const commit = await new Promise<boolean>((end) => {
              transactions.set(id, { tx, end });
              open = true;
              opened(id);
            });
            transactions.delete(id);
            if (!commit) throw new Rollback();
          })
          .then(
            () => {
              transactionDone();
              settle(id);
            },
            (error: unknown) => {
              transactionDone();
              transactions.delete(id);
              // `begin` itself failed (PGlite closed): no transaction was handed out
              if (!open) failed(error);
              else settle(id, error instanceof Rollback ? undefined : error);
            },
          );
      });
    }
    case "end": {
      const open = transactions.get(request.tx);
      if (!open) throw new Error("the transaction has ended");
      return new Promise<void>((ended, failed) => {
        enders.set(request.tx, { ended, failed });
        open.end(request.commit);
      });
    }
    case "migrate":
      await migrate(drizzle(client), { migrationsFolder: request.migrationsFolder });
      return undefined;
    case "dump": {
      const blob = await client.dumpDataDir("gzip");
      return await blob.arrayBuffer();
    }
    case "snapshot":
      return await snapshot();
    case "close":
      await client.close();
      return undefined;
  }
}

/**
 * A backup's copy of the data directory (docs/decisions/060-backups.md). dumpDataDir copies
 * the files under PGlite's query lock only, so between two statements of an open transaction
 * it would copy that transaction's half. Here the copy waits for its turn like a transaction
 * (none of ours open, none starts meanwhile) and runs inside one of PGlite's own, which holds
 * its transaction lock: every other query, pg-boss's included, waits until the copy is made.
 * CHECKPOINT first writes every committed page to the files, so the copy opens without
 * replaying the WAL. On disk the files are read from Node's file system (PGlite writes through
 * to it): dumpDataDir fails on the admin socket that lives in the data directory.
 */
async function snapshot(): Promise<PgliteSnapshot> {
  await transactionTurn();
  try {
    return await client.transaction(async (tx) => {
      await tx.exec("checkpoint");
      const version = await tx.query<{ server_version: string }>("show server_version");
      const applied = await tx.query<{ count: number; last: string | null }>(
        `select count(*)::int as count, max(created_at)::text as last
           from drizzle.__drizzle_migrations`,
      );
      const tar = options.dataDir
        ? copyDataDir(options.dataDir)
        : await (await client.dumpDataDir("none")).arrayBuffer();
      const { count, last } = applied.rows[0]!;
      return {
        tar,
        postgresVersion: version.rows[0]!.server_version,
        migrations: { count, lastWhen: last === null ? null : Number(last) },
      };
    });
  } finally {
    transactionDone();
  }
}

/** The data directory's files and directories as a tarball; sockets and links are left out. */
function copyDataDir(dataDir: string): ArrayBuffer {
  const entries: TarFile[] = [];
  const visit = (relative: string) => {
    for (const entry of readdirSync(path.join(dataDir, relative), { withFileTypes: true })) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        entries.push({ name, data: new Uint8Array(0), directory: true });
        visit(name);
      } else if (entry.isFile()) {
        entries.push({ name, data: readFileSync(path.join(dataDir, name)) });
      }
    }
  };
  visit("");
  const tar = writeTar(entries);
  // a large Buffer owns its memory whole: handed over as it is, not copied again
  return tar.byteOffset === 0 && tar.byteLength === tar.buffer.byteLength
    ? (tar.buffer as ArrayBuffer)
    : (tar.buffer.slice(tar.byteOffset, tar.byteOffset + tar.byteLength) as ArrayBuffer);
}

/** Who waits for a transaction's commit or rollback to finish (the `end` request). */
const enders = new Map<number, { ended: () => void; failed: (error: unknown) => void }>();

function settle(id: number, error?: unknown): void {
  const ender = enders.get(id);
  enders.delete(id);
  if (!ender) return;
  if (error === undefined) ender.ended();
  else ender.failed(error);
}

port.on("message", (request: WorkerRequest) => {
  handle(request).then(
    (value) => {
      const reply: WorkerReply = { id: request.id, ok: true, value };
      const moved = value instanceof ArrayBuffer ? value : (value as PgliteSnapshot | null)?.tar;
      port.postMessage(reply, moved instanceof ArrayBuffer ? [moved] : []);
    },
    (error: unknown) => {
      const reply: WorkerReply = { id: request.id, ok: false, error: serializeError(error) };
      port.postMessage(reply);
    },
  );
});

port.postMessage({ ready: true });
