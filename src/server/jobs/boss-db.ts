import type PgBoss from "pg-boss";
import type { Database } from "../db/client.ts";
import type { Tx } from "../db/repositories/executor.ts";

// pg-boss talks to the database through `{ executeSql(text, values) }` (its `db` option), so
// it runs on the app's own connections on both engines (docs/decisions/020-jobs-with-pg-boss.md):
// PostgreSQL through node-postgres' pool, PGlite through its thread (pglite-thread.ts), where a
// text without parameters (pg-boss's schema, its BEGIN … COMMIT maintenance) runs as one unit.

/** pg-boss on the app's database. */
export function bossDb(database: Database): PgBoss.Db {
  return { executeSql: (text, values) => database.executeSql(text, values) };
}

interface Queryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss inside an open drizzle transaction: a job sent through it exists only if that
 * transaction commits (a reminder's row and its e-mail's job, services/send-due-reminders.ts).
 * Drizzle keeps the transaction's connection (a pool client; PGlite's transaction handle) as
 * its session's client; both answer `query(text, values)` with `{ rows }`.
 */
export function bossDbIn(tx: Tx): PgBoss.Db {
  const client = (tx as unknown as { session?: { client?: Partial<Queryable> } }).session?.client;
  if (!client || typeof client.query !== "function") {
    throw new Error("bossDbIn: this transaction exposes no connection to send jobs through");
  }
  const query = client.query.bind(client) as Queryable["query"];
  return { executeSql: (text, values) => query(text, values) };
}
