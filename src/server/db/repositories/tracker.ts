import { and, asc, desc, eq, sql, type SQL } from "drizzle-orm";
import { milestones, obligationPayments, obligations, workspaces, zakatStates } from "../schema.ts";
import type { Milestone } from "../../../domain/hawl/milestone.ts";
import type { Executor, Tx } from "./executor.ts";

// The nisab tracker's rows: milestones, records (obligations) with their payments, and the
// per-workspace zakat state.

export type MilestoneRow = typeof milestones.$inferSelect;
export type MilestoneInsert = Omit<typeof milestones.$inferInsert, "workspaceId" | "createdAt">;
export type ObligationRow = typeof obligations.$inferSelect;
export type ZakatStateRow = typeof zakatStates.$inferSelect;

/**
 * Locks the workspace's row until the transaction ends and bumps its tracker revision: every
 * tracker write takes it first, so two members adding milestones at once are applied one after
 * the other, each seeing the other's result (the rules read the whole timeline), and a sync that
 * read the tracker before its transaction sees whether anything was written since (decision
 * 027). Returns the revision as it was before this write, and the transaction's timestamp (what
 * `created_at` defaults to in it); null when the workspace is gone.
 */
export async function lockWorkspaceTracker(
  tx: Tx,
  workspaceId: string,
): Promise<{ revision: number; now: Date } | null> {
  const [row] = await tx
    .update(workspaces)
    .set({ trackerRevision: sql`${workspaces.trackerRevision} + 1` })
    .where(eq(workspaces.id, workspaceId))
    .returning({
      revision: workspaces.trackerRevision,
      now: sql<Date>`now()`.mapWith(workspaces.createdAt),
    });
  return row ? { revision: row.revision - 1, now: row.now } : null;
}

/** The workspace's tracker revision (lockWorkspaceTracker); null when the workspace is gone. */
export async function findTrackerRevision(
  db: Executor,
  workspaceId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ revision: workspaces.trackerRevision })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.revision ?? null;
}

/**
 * The generation of milestones that is the workspace's timeline (decision 034): a large sync
 * writes its timeline under a generation of its own, invisible until it flips this one.
 */
function visibleGeneration(workspaceId: string): SQL {
  return sql`(select ${workspaces.milestoneGeneration} from ${workspaces} where ${workspaces.id} = ${workspaceId})`;
}

/**
 * The workspace's milestones: its rows of its visible generation. Every statement that reads
 * or writes one workspace's milestones selects them through this (a large sync's rows being
 * written, or an older generation's waiting to be deleted, are nobody's).
 */
export function ofTimeline(workspaceId: string): SQL {
  return and(
    eq(milestones.workspaceId, workspaceId),
    eq(milestones.generation, visibleGeneration(workspaceId)),
  )!;
}

/** The milestone row's own workspace's visible generation (statements over many workspaces). */
export const inVisibleGeneration = sql`"milestones"."generation" = (select w.milestone_generation
  from workspaces w where w.id = "milestones"."workspace_id")`;

/** Whether the milestone `id` is one of the workspace's (another workspace's is not). */
export async function isWorkspaceMilestone(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(ofTimeline(workspaceId), eq(milestones.id, id)));
  return rows.length > 0;
}

/** The workspace's milestones by date ascending, id breaking ties (spec §7). */
export function listMilestones(db: Executor, workspaceId: string): Promise<MilestoneRow[]> {
  return db
    .select()
    .from(milestones)
    .where(ofTimeline(workspaceId))
    .orderBy(asc(milestones.date), asc(milestones.createdAt), asc(milestones.id));
}

/**
 * The workspace's milestones (their domain fields) in the order they were created (created_at,
 * then id): the tie breaker of listMilestones' order, which a sync rebuilds in memory
 * (services/sync-zakat-plan.ts). One row of JSON that Postgres builds: on PGlite, thousands of
 * rows cost the database's thread several times what their JSON does.
 */
export async function listMilestonesByCreation(
  db: Executor,
  workspaceId: string,
): Promise<Milestone[]> {
  const m = milestones;
  const [row] = await db
    .select({
      list: sql<string>`coalesce(json_agg(json_build_object('id', ${m.id}, 'date', ${m.date},
        'title', ${m.title}, 'type', ${m.type}, 'completed', ${m.completed}, 'code', ${m.code},
        'parentCode', ${m.parentCode}, 'endDate', ${m.endDate},
        'quarterlyReminder', ${m.quarterlyReminder}, 'monthlyReminder', ${m.monthlyReminder},
        'titleCode', ${m.titleCode}, 'titleParams', ${m.titleParams})
        order by ${m.createdAt}, ${m.id})::text, '[]')`,
    })
    .from(m)
    .where(ofTimeline(workspaceId));
  return JSON.parse(row!.list) as Milestone[];
}

export async function insertMilestones(
  tx: Tx,
  workspaceId: string,
  rows: readonly MilestoneInsert[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(milestones)
    .values(
      rows.map((row) => ({ ...row, workspaceId, generation: visibleGeneration(workspaceId) })),
    );
}

/**
 * The statement that deletes the rows among `ids` that are the workspace's (another
 * workspace's id deletes nothing; "all": every row of the workspace), answering how many went;
 * null when there is nothing to delete. Milestones and records alike.
 */
function workspaceRowsDeletion(
  table: typeof milestones | typeof obligations,
  workspaceId: string,
  ids: readonly string[] | "all",
): SQL | null {
  if (ids !== "all" && ids.length === 0) return null;
  // the ids as the keys of one jsonb object: one statement text however many (a sync deletes
  // thousands), each row's id looked up in it (a binary search; a join with a list of ids can
  // be planned as a loop over both, decision 045), and the count back, not a row per deletion
  const keys = ids === "all" ? null : JSON.stringify(Object.fromEntries(ids.map((id) => [id, 0])));
  const which = keys === null ? sql`` : sql`and ${keys}::jsonb ? ${table.id}::text`;
  // milestones: the workspace's timeline only (decision 034)
  const rows = table === milestones ? ofTimeline(workspaceId) : eq(table.workspaceId, workspaceId);
  return sql`
    with gone as (
      delete from ${table}
      where ${rows} ${which}
      returning 1
    )
    select count(*)::int as deleted from gone`;
}

/** Deletes the workspace's rows among `ids` (workspaceRowsDeletion); returns how many went. */
async function deleteWorkspaceRows(
  tx: Tx,
  table: typeof milestones | typeof obligations,
  workspaceId: string,
  ids: readonly string[],
): Promise<number> {
  const deletion = workspaceRowsDeletion(table, workspaceId, ids);
  if (!deletion) return 0;
  const result = (await tx.execute(deletion)) as { rows: { deleted: number }[] };
  return Number(result.rows[0]?.deleted ?? 0);
}

/**
 * A sync's deletion of milestones, built before its transaction (services/sync-zakat-data.ts).
 * "all" only under the tracker lock with a revision unchanged since the rows were read: then
 * every stored row is one the sync read, and no list of ids is sent and parsed (decision 031).
 */
export function milestonesDeletion(workspaceId: string, ids: readonly string[] | "all") {
  return workspaceRowsDeletion(milestones, workspaceId, ids);
}

/** A sync's deletion of records (as milestonesDeletion); their payments go with them. */
export function obligationsDeletion(workspaceId: string, ids: readonly string[] | "all") {
  return workspaceRowsDeletion(obligations, workspaceId, ids);
}

export function deleteMilestones(
  tx: Tx,
  workspaceId: string,
  ids: readonly string[],
): Promise<number> {
  return deleteWorkspaceRows(tx, milestones, workspaceId, ids);
}

export async function retitleMilestone(
  tx: Tx,
  workspaceId: string,
  id: string,
  title: string,
): Promise<void> {
  await tx
    .update(milestones)
    .set({ title })
    .where(and(ofTimeline(workspaceId), eq(milestones.id, id)));
}

// Correlated on the qualified name: inside the subquery a bare "id" would be the payment's.
const paidSum = sql<string>`coalesce((
  select sum(p.amount) from obligation_payments p where p.obligation_id = "obligations"."id"
), 0)::text`;

export type ObligationWithPaid = ObligationRow & { paidAmount: string };

const obligationWithPaid = {
  id: obligations.id,
  workspaceId: obligations.workspaceId,
  userId: obligations.userId,
  dueDate: obligations.dueDate,
  amount: obligations.amount,
  category: obligations.category,
  priority: obligations.priority,
  createdAt: obligations.createdAt,
  paidAmount: paidSum,
};

/** Records newest first (spec §7), each with what was paid on it. */
export function listObligations(db: Executor, workspaceId: string): Promise<ObligationWithPaid[]> {
  return db
    .select(obligationWithPaid)
    .from(obligations)
    .where(eq(obligations.workspaceId, workspaceId))
    .orderBy(desc(obligations.createdAt), desc(obligations.id));
}

export async function findObligation(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<ObligationWithPaid | null> {
  const [row] = await db
    .select(obligationWithPaid)
    .from(obligations)
    .where(and(eq(obligations.workspaceId, workspaceId), eq(obligations.id, id)));
  return row ?? null;
}

export async function insertObligations(
  tx: Tx,
  workspaceId: string,
  rows: readonly Omit<typeof obligations.$inferInsert, "workspaceId">[],
): Promise<ObligationRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(obligations)
    .values(rows.map((row) => ({ ...row, workspaceId })))
    .returning();
}

export function deleteObligations(
  tx: Tx,
  workspaceId: string,
  ids: readonly string[],
): Promise<number> {
  return deleteWorkspaceRows(tx, obligations, workspaceId, ids);
}

export async function insertPayment(
  tx: Tx,
  values: {
    workspaceId: string;
    obligationId: string;
    amount: string;
    paidOn: string;
    userId: string;
  },
): Promise<void> {
  await tx.insert(obligationPayments).values(values);
}

export async function findZakatState(
  db: Executor,
  workspaceId: string,
): Promise<ZakatStateRow | null> {
  const [row] = await db.select().from(zakatStates).where(eq(zakatStates.workspaceId, workspaceId));
  return row ?? null;
}

export async function insertZakatState(
  tx: Tx,
  values: Omit<typeof zakatStates.$inferInsert, "createdAt" | "updatedAt">,
): Promise<ZakatStateRow> {
  const [row] = await tx.insert(zakatStates).values(values).returning();
  return row!;
}

export async function updateZakatState(
  tx: Tx,
  workspaceId: string,
  values: Partial<Pick<ZakatStateRow, "hawlRule" | "yearBasis" | "currency">>,
  now: Date,
): Promise<void> {
  await tx
    .update(zakatStates)
    .set({ ...values, updatedAt: now })
    .where(eq(zakatStates.workspaceId, workspaceId));
}

/**
 * Sets the state's totals to the ledger's sums: total due is what the records ask, total paid
 * what was paid on them. Run in the transaction of every record or payment write.
 */
export async function refreshZakatTotals(tx: Tx, workspaceId: string, now: Date): Promise<void> {
  await tx
    .update(zakatStates)
    .set({
      totalDue: sql`coalesce((select sum(${obligations.amount}) from ${obligations}
        where ${obligations.workspaceId} = ${workspaceId}), 0)`,
      totalPaid: sql`coalesce((select sum(${obligationPayments.amount}) from ${obligationPayments}
        where ${obligationPayments.workspaceId} = ${workspaceId}), 0)`,
      updatedAt: now,
    })
    .where(eq(zakatStates.workspaceId, workspaceId));
}

export async function updateMilestone(
  tx: Tx,
  workspaceId: string,
  id: string,
  values: Partial<MilestoneInsert>,
): Promise<void> {
  await tx
    .update(milestones)
    .set(values)
    .where(and(ofTimeline(workspaceId), eq(milestones.id, id)));
}

export async function updateObligation(
  tx: Tx,
  workspaceId: string,
  id: string,
  values: Partial<Pick<ObligationRow, "amount" | "category" | "dueDate" | "priority">>,
): Promise<void> {
  await tx
    .update(obligations)
    .set(values)
    .where(and(eq(obligations.workspaceId, workspaceId), eq(obligations.id, id)));
}

// ---- A large sync's new generation (decision 034): its rows are written by several statements
// outside any transaction, invisible (ofTimeline reads the workspace's own generation only);
// one small transaction flips the workspace to it; the older generation's rows are deleted
// afterwards, a few hundred a statement.

/** A generation no timeline used yet (the sequence only grows, decision 034). */
export async function drawMilestoneGeneration(db: Executor): Promise<number> {
  const result = (await db.execute(
    sql`select nextval('milestone_generations')::int as generation`,
  )) as unknown as { rows: { generation: number }[] };
  return Number(result.rows[0]!.generation);
}

/** Makes `generation` the workspace's timeline. Under the tracker lock. */
export async function flipMilestoneGeneration(
  tx: Tx,
  workspaceId: string,
  generation: number,
): Promise<void> {
  await tx
    .update(workspaces)
    .set({ milestoneGeneration: generation })
    .where(eq(workspaces.id, workspaceId));
}

/**
 * Deletes up to `limit` of the workspace's rows that no timeline will show: those of a
 * generation older than its own (replaced), or of `abandoned` (a large sync that did not flip).
 * One statement, outside any transaction; returns how many went (0: none left).
 */
export async function deleteUnseenMilestones(
  db: Executor,
  workspaceId: string,
  limit: number,
  abandoned?: number,
): Promise<number> {
  const which =
    abandoned === undefined
      ? sql`generation < ${visibleGeneration(workspaceId)}`
      : sql`generation = ${abandoned}::int`;
  const result = (await db.execute(sql`
    with gone as (
      delete from ${milestones} where id in (
        select id from ${milestones} where workspace_id = ${workspaceId} and ${which}
        limit ${limit}
      )
      returning 1
    )
    select count(*)::int as deleted from gone`)) as unknown as { rows: { deleted: number }[] };
  return Number(result.rows[0]?.deleted ?? 0);
}
