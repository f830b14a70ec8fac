import { and, desc, eq, sql } from "drizzle-orm";
import { calculationCounts, calculationIdempotencyKeys, zakatCalculations } from "../schema.ts";
import type { Executor, Tx } from "./executor.ts";

export type CalculationRow = typeof zakatCalculations.$inferSelect;
/** What a save writes: everything but the keys, version and timestamps. */
export type CalculationValues = Omit<
  typeof zakatCalculations.$inferInsert,
  "id" | "workspaceId" | "userId" | "version" | "createdAt" | "updatedAt"
>;

/** The columns of a history row (no inputs: a page stays small). */
export const summaryColumns = {
  id: zakatCalculations.id,
  version: zakatCalculations.version,
  name: zakatCalculations.name,
  calculationDate: zakatCalculations.calculationDate,
  isCompleted: zakatCalculations.isCompleted,
  currency: zakatCalculations.currency,
  userId: zakatCalculations.userId,
  createdAt: zakatCalculations.createdAt,
  updatedAt: zakatCalculations.updatedAt,
  totalAssets: zakatCalculations.totalAssets,
  totalLiabilities: zakatCalculations.totalLiabilities,
  zakatableAmount: zakatCalculations.zakatableAmount,
  nissabValue: zakatCalculations.nissabValue,
  isAboveNissab: zakatCalculations.isAboveNissab,
  zakatDue: zakatCalculations.zakatDue,
};
export type CalculationSummaryRow = Pick<CalculationRow, keyof typeof summaryColumns>;

const newestFirst = [desc(zakatCalculations.createdAt), desc(zakatCalculations.id)];

export async function insertCalculation(
  tx: Tx,
  values: CalculationValues & { workspaceId: string; userId: string },
): Promise<CalculationRow> {
  const [row] = await tx.insert(zakatCalculations).values(values).returning();
  return row!;
}

/** True (in SQL, on the row being updated) when `values` differ from what it holds. */
function differsFrom(values: CalculationValues) {
  const checks = Object.entries(values)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => {
      const column = zakatCalculations[key as keyof CalculationValues];
      // compared as the column's type: 80 = 80.00, jsonb ignores key order
      const cast = sql.raw(column.getSQLType());
      return sql`${column} is distinct from cast(${sql.param(value, column)} as ${cast})`;
    });
  return sql`(${sql.join(checks, sql` or `)})`;
}

/**
 * Overwrites the calculation in one statement: with `expectedVersion` only if the row still
 * has it (compare-and-set). The version and `updatedAt` move only when something changed, so a
 * save of what is stored (a calculation only looked at) never puts another device in conflict
 * (issue 30). null when no row matched (missing, in another workspace, or another version).
 */
export async function updateCalculation(
  tx: Tx,
  target: { workspaceId: string; id: string; expectedVersion?: number },
  values: CalculationValues,
): Promise<CalculationRow | null> {
  const changed = differsFrom(values);
  const [row] = await tx
    .update(zakatCalculations)
    .set({
      ...values,
      version: sql`case when ${changed} then ${zakatCalculations.version} + 1 else ${zakatCalculations.version} end`,
      updatedAt: sql`case when ${changed} then now() else ${zakatCalculations.updatedAt} end`,
    })
    .where(
      and(
        eq(zakatCalculations.id, target.id),
        eq(zakatCalculations.workspaceId, target.workspaceId),
        target.expectedVersion === undefined
          ? undefined
          : eq(zakatCalculations.version, target.expectedVersion),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findCalculation(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<CalculationRow | null> {
  const [row] = await db
    .select()
    .from(zakatCalculations)
    .where(and(eq(zakatCalculations.id, id), eq(zakatCalculations.workspaceId, workspaceId)));
  return row ?? null;
}

/** true when a row was deleted. */
export async function deleteCalculation(
  tx: Executor,
  workspaceId: string,
  id: string,
): Promise<boolean> {
  const rows = await tx
    .delete(zakatCalculations)
    .where(and(eq(zakatCalculations.id, id), eq(zakatCalculations.workspaceId, workspaceId)))
    .returning({ id: zakatCalculations.id });
  return rows.length > 0;
}

/**
 * The exact number of the workspace's calculations: the row the triggers of migration 0002
 * keep in calculation_counts (same transaction as every insert and delete), not a count(*).
 */
export async function countCalculations(db: Executor, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: calculationCounts.count })
    .from(calculationCounts)
    .where(eq(calculationCounts.workspaceId, workspaceId));
  return row?.n ?? 0;
}

/**
 * One page, newest first. The OFFSET walks only the history index (workspace_id, created_at
 * desc, id desc) to find the page's ids, then the page's rows are read: a deep page does not
 * read the rows it skips.
 */
export async function listCalculationPage(
  db: Executor,
  workspaceId: string,
  page: { limit: number; offset: number },
): Promise<CalculationSummaryRow[]> {
  const ids = db
    .select({ id: zakatCalculations.id })
    .from(zakatCalculations)
    .where(eq(zakatCalculations.workspaceId, workspaceId))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset)
    .as("page_ids");
  return db
    .select(summaryColumns)
    .from(zakatCalculations)
    .innerJoin(ids, eq(ids.id, zakatCalculations.id))
    .orderBy(...newestFirst);
}

/**
 * The next `limit` rows after the row `afterId` (keyset, newest first): the CSV export's
 * batches. The cursor is read back by id in SQL, so created_at keeps its microseconds.
 */
export async function listCalculationsAfter(
  db: Executor,
  workspaceId: string,
  afterId: string | null,
  limit: number,
): Promise<CalculationSummaryRow[]> {
  const c = zakatCalculations;
  return db
    .select(summaryColumns)
    .from(c)
    .where(
      and(
        eq(c.workspaceId, workspaceId),
        afterId === null
          ? undefined
          : sql`(${c.createdAt}, ${c.id}) < (select created_at, id from zakat_calculations where id = ${afterId})`,
      ),
    )
    .orderBy(...newestFirst)
    .limit(limit);
}

export type IdempotencyRecord = typeof calculationIdempotencyKeys.$inferSelect;

/**
 * Claims an Idempotency-Key for this transaction: `{ claimed: true }` when this request is the
 * first (the key row is written, uncommitted), else the row the first request left. On
 * PostgreSQL a concurrent first request's uncommitted row makes this insert wait until that
 * transaction ends: committed, the row (with its answer) is returned; rolled back, this request
 * claims the key. PGlite runs one transaction at a time.
 */
export async function claimIdempotencyKey(
  tx: Tx,
  values: { workspaceId: string; key: string; requestHash: string },
): Promise<{ claimed: true } | { claimed: false; record: IdempotencyRecord }> {
  const inserted = await tx
    .insert(calculationIdempotencyKeys)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: calculationIdempotencyKeys.key });
  if (inserted.length > 0) return { claimed: true };
  const [record] = await tx
    .select()
    .from(calculationIdempotencyKeys)
    .where(
      and(
        eq(calculationIdempotencyKeys.workspaceId, values.workspaceId),
        eq(calculationIdempotencyKeys.key, values.key),
      ),
    );
  return { claimed: false, record: record! };
}

/** Stores the answer of the request that claimed the key (same transaction). */
export async function recordIdempotentResponse(
  tx: Tx,
  values: {
    workspaceId: string;
    key: string;
    calculationId: string;
    responseStatus: number;
    responseBody: unknown;
  },
): Promise<void> {
  await tx
    .update(calculationIdempotencyKeys)
    .set({
      calculationId: values.calculationId,
      responseStatus: values.responseStatus,
      responseBody: values.responseBody,
    })
    .where(
      and(
        eq(calculationIdempotencyKeys.workspaceId, values.workspaceId),
        eq(calculationIdempotencyKeys.key, values.key),
      ),
    );
}
