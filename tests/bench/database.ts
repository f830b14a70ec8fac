// Databases for the benchmark scripts in this folder: a migrated PGlite in memory, a private
// PostgreSQL database (created and dropped) when BENCH_DATABASE_URL or TEST_DATABASE_URL is set,
// and the bench user with a workspace of their own.

import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openPglite, openPostgres, type Database } from "../../src/server/db/client.ts";

/** Runs `run` on a migrated in-memory PGlite, closed afterwards. */
export async function withPglite<T>(run: (database: Database) => Promise<T>): Promise<T> {
  const pglite = await openPglite({});
  await pglite.migrate();
  try {
    return await run(pglite);
  } finally {
    await pglite.close();
  }
}

/**
 * Runs `run` on a migrated PostgreSQL database of its own, created on the server of
 * BENCH_DATABASE_URL or TEST_DATABASE_URL and dropped afterwards; without either, prints that
 * PostgreSQL is skipped and returns undefined.
 */
export async function withPrivatePostgres<T>(
  run: (database: Database, host: string) => Promise<T>,
): Promise<T | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
    return undefined;
  }
  const name = `hawl_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const postgres = openPostgres(target.toString());
    try {
      await postgres.migrate();
      return await run(postgres, target.host);
    } finally {
      await postgres.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

/** A bench user, a workspace they created, and their owner membership (raw SQL). */
export async function seedWorkspace({ db }: Database) {
  const userId = `bench-${randomBytes(6).toString("hex")}`;
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${userId}, 'Bench', ${`${userId}@example.test`}, true)`,
  );
  const ws = await db.execute<{ id: string }>(
    sql`insert into workspaces (name, created_by) values ('Bench', ${userId}) returning id`,
  );
  const workspaceId = (ws as unknown as { rows: { id: string }[] }).rows[0]!.id;
  await db.execute(
    sql`insert into workspace_members (workspace_id, user_id, role) values (${workspaceId}, ${userId}, 'owner')`,
  );
  return { userId, workspaceId };
}
