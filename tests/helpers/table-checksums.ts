import { sql } from "drizzle-orm";
import type { Database } from "../../src/server/db/client.ts";

/** The rows of a raw `db.execute` result (its type is not known to drizzle's generic Db). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Tables whose rows change on a refused request by design, left out of `tableChecksums`:
 * - rate_limit: Better Auth counts every request to its routes, refused or not;
 * - sign_in_failures: a failed sign-in (401) is recorded, that is its purpose;
 * - verification: a refused sign-in of an unverified account (403) sends a new verification
 *   e-mail, with a new token row;
 * - mail_sends: that e-mail counts against its address's hourly cap (decision 049), possibly
 *   committed while the next request runs;
 * - price_cache: a GET may refresh it (not a write route, listed for completeness).
 * Other helpers' bookkeeping tables that change on a refusal by design belong here too.
 */
export const bookkeepingTables = new Set([
  "rate_limit",
  "sign_in_failures",
  "verification",
  "mail_sends",
  "price_cache",
  "__drizzle_migrations",
]);

/** The tables of the public schema, minus `bookkeepingTables` and `except`. */
export async function checkedTables(
  database: Database,
  except: Iterable<string> = [],
): Promise<string[]> {
  const skip = new Set([...bookkeepingTables, ...except]);
  const result = await database.db.execute(
    sql`select table_name::text as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return rowsOf<{ name: string }>(result)
    .map((r) => r.name)
    .filter((n) => !skip.has(n));
}

/**
 * One MD5 per table over all its rows (each row as text, sorted): equal before and after a
 * request means the request changed nothing in that table.
 */
export async function tableChecksums(
  database: Database,
  tables: readonly string[],
): Promise<Record<string, string>> {
  const parts = tables.map(
    (table) =>
      `select '${table}' as name, coalesce(md5(string_agg(t::text, '|' order by t::text)), '-') as sum from "${table}" t`,
  );
  const result = await database.db.execute(sql.raw(parts.join(" union all ")));
  return Object.fromEntries(
    rowsOf<{ name: string; sum: string }>(result).map((r) => [r.name, r.sum]),
  );
}

/** The tables whose checksum differs between two `tableChecksums` results. */
export function changedTables(
  before: Record<string, string>,
  after: Record<string, string>,
): string[] {
  return Object.keys(before).filter((table) => before[table] !== after[table]);
}
