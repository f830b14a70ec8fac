import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import { calculationCounts, workspaceMembers, zakatCalculations } from "../schema.ts";
import { summaryColumns, type CalculationSummaryRow } from "./calculations.ts";

// The history page in one statement (issue 13): the caller's membership, the count and the
// page together, so a page costs one round trip and no membership read first. Prepared once
// per database: drizzle builds its SQL once, and PostgreSQL parses and plans it once per
// connection (a named statement).

const placeholder = {
  workspaceId: sql.placeholder("workspaceId"),
  userId: sql.placeholder("userId"),
  limit: sql.placeholder("limit"),
  offset: sql.placeholder("offset"),
};

function prepare(db: Db) {
  // the page's ids: the OFFSET walks only the history index (see listCalculationPage)
  const ids = db
    .select({ id: zakatCalculations.id })
    .from(zakatCalculations)
    .where(eq(zakatCalculations.workspaceId, placeholder.workspaceId))
    .orderBy(desc(zakatCalculations.createdAt), desc(zakatCalculations.id))
    .limit(placeholder.limit)
    .offset(placeholder.offset)
    .as("page_ids");
  // One statement: the caller's membership row (none: not a member), the count row kept by
  // the triggers of migration 0002, and the page's rows beside them (one row of nulls for an
  // empty page).
  return db
    .select({
      n: sql<number>`coalesce(${calculationCounts.count}, 0)`.mapWith(Number),
      calculation: summaryColumns,
    })
    .from(workspaceMembers)
    .leftJoin(calculationCounts, eq(calculationCounts.workspaceId, workspaceMembers.workspaceId))
    .leftJoin(ids, sql`true`)
    .leftJoin(zakatCalculations, eq(zakatCalculations.id, ids.id))
    .where(
      and(
        eq(workspaceMembers.workspaceId, placeholder.workspaceId),
        eq(workspaceMembers.userId, placeholder.userId),
      ),
    )
    .orderBy(desc(zakatCalculations.createdAt), desc(zakatCalculations.id))
    .prepare("hawl_history");
}

const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function statementsOf(db: Db) {
  let found = prepared.get(db);
  if (!found) {
    found = prepare(db);
    prepared.set(db, found);
  }
  return found;
}

/**
 * The workspace's calculation count and one page, newest first, for a member; null when
 * `userId` is not a member of `workspaceId` (or it does not exist).
 */
export async function memberHistoryPage(
  db: Db,
  target: { workspaceId: string; userId: string },
  page: { limit: number; offset: number },
): Promise<{ totalCount: number; rows: CalculationSummaryRow[] } | null> {
  const rows = await statementsOf(db).execute({ ...target, ...page });
  const first = rows[0];
  if (!first) return null;
  return {
    totalCount: first.n,
    rows: rows.flatMap((row) => (row.calculation ? [row.calculation] : [])),
  };
}
