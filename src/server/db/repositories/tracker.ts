import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
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
 * Locks the workspace's row until the transaction ends: every tracker write takes it first, so
 * two members adding milestones at once are applied one after the other, each seeing the other's
 * result (the rules read the whole timeline). Returns false when the workspace is gone.
 */
export async function lockWorkspaceTracker(tx: Tx, workspaceId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for("update");
  return rows.length > 0;
}

/** Whether the milestone `id` is one of the workspace's (another workspace's is not). */
export async function isWorkspaceMilestone(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: milestones.id })
    .from(milestones)
    .where(and(eq(milestones.workspaceId, workspaceId), eq(milestones.id, id)));
  return rows.length > 0;
}

/** The workspace's milestones by date ascending, id breaking ties (spec §7). */
export function listMilestones(db: Executor, workspaceId: string): Promise<MilestoneRow[]> {
  return db
    .select()
    .from(milestones)
    .where(eq(milestones.workspaceId, workspaceId))
    .orderBy(asc(milestones.date), asc(milestones.createdAt), asc(milestones.id));
}

export async function insertMilestones(
  tx: Tx,
  workspaceId: string,
  rows: readonly MilestoneInsert[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(milestones).values(rows.map((row) => ({ ...row, workspaceId })));
}

/**
 * Deletes the rows among `ids` that are the workspace's (another workspace's id deletes
 * nothing); returns how many went. Milestones and records alike.
 */
async function deleteWorkspaceRows(
  tx: Tx,
  table: typeof milestones | typeof obligations,
  workspaceId: string,
  ids: readonly string[],
): Promise<number> {
  if (ids.length === 0) return 0;
  const deleted = await tx
    .delete(table)
    .where(and(eq(table.workspaceId, workspaceId), inArray(table.id, [...ids])))
    .returning({ id: table.id });
  return deleted.length;
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
    .where(and(eq(milestones.workspaceId, workspaceId), eq(milestones.id, id)));
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
    .where(and(eq(milestones.workspaceId, workspaceId), eq(milestones.id, id)));
}

/**
 * Rows per statement of the batch writes below. Their rows travel as one jsonb parameter,
 * turned into typed rows by jsonb_to_recordset: one parameter however many rows (Postgres
 * allows 65,535 a statement), and far cheaper to bind than one parameter a column a row.
 */
const batchRows = 5_000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += batchRows) out.push(rows.slice(i, i + batchRows));
  return out;
}

/** jsonb_to_recordset's column list for a milestone's values */
const milestoneRecord = sql.raw(`id uuid, user_id text, date date, title text, type text,
  completed boolean, code text, parent_code text, end_date date, quarterly_reminder boolean,
  monthly_reminder boolean, title_code text, title_params jsonb`);

function milestoneJson(rows: readonly (MilestoneUpdate & { userId?: string | null })[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      user_id: r.userId ?? null,
      date: r.date,
      title: r.title,
      type: r.type,
      completed: r.completed,
      code: r.code,
      parent_code: r.parentCode,
      end_date: r.endDate,
      quarterly_reminder: r.quarterlyReminder,
      monthly_reminder: r.monthlyReminder,
      title_code: r.titleCode,
      title_params: r.titleParams,
    })),
  );
}

/** Many milestones in one statement (a sync of thousands: issue 13). */
export async function insertMilestoneBatch(
  tx: Tx,
  workspaceId: string,
  rows: readonly (MilestoneUpdate & { userId: string | null })[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    await tx.execute(sql`
      insert into ${milestones} (id, workspace_id, user_id, date, title, type, completed, code,
        parent_code, end_date, quarterly_reminder, monthly_reminder, title_code, title_params)
      select v.id, ${workspaceId}, v.user_id, v.date, v.title, v.type, v.completed, v.code,
        v.parent_code, v.end_date, v.quarterly_reminder, v.monthly_reminder, v.title_code,
        v.title_params
      from jsonb_to_recordset(${milestoneJson(chunk)}::jsonb) as v(${milestoneRecord})`);
  }
}

/** Every field of a milestone (the domain's Milestone names them), each given. */
export type MilestoneUpdate = Required<Pick<MilestoneInsert, keyof Milestone>>;

/**
 * Many milestones updated in one statement per chunk: the new values travel as one jsonb
 * parameter, turned into typed rows by jsonb_to_recordset and joined on the id. The trigger of
 * drizzle/0011 still bumps each changed row's revision.
 */
export async function updateMilestoneBatch(
  tx: Tx,
  workspaceId: string,
  rows: readonly MilestoneUpdate[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    await tx.execute(sql`
      update ${milestones} as m set
        date = v.date, title = v.title, type = v.type, completed = v.completed, code = v.code,
        parent_code = v.parent_code, end_date = v.end_date,
        quarterly_reminder = v.quarterly_reminder, monthly_reminder = v.monthly_reminder,
        title_code = v.title_code, title_params = v.title_params
      from jsonb_to_recordset(${milestoneJson(chunk)}::jsonb) as v(${milestoneRecord})
      where m.workspace_id = ${workspaceId} and m.id = v.id`);
  }
}

/** jsonb_to_recordset's column list for a record's values (as milestoneRecord) */
const obligationRecord = sql.raw(
  "id uuid, user_id text, amount numeric, category text, due_date date, priority text",
);

function obligationJson(rows: readonly (ObligationUpdate & { userId?: string | null })[]): string {
  return JSON.stringify(
    rows.map((r) => ({
      id: r.id,
      user_id: r.userId ?? null,
      amount: r.amount,
      category: r.category,
      due_date: r.dueDate,
      priority: r.priority,
    })),
  );
}

export async function insertObligationBatch(
  tx: Tx,
  workspaceId: string,
  rows: readonly (ObligationUpdate & { userId: string | null })[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    await tx.execute(sql`
      insert into ${obligations} (id, workspace_id, user_id, amount, category, due_date, priority)
      select v.id, ${workspaceId}, v.user_id, v.amount, v.category, v.due_date, v.priority
      from jsonb_to_recordset(${obligationJson(chunk)}::jsonb) as v(${obligationRecord})`);
  }
}

export type ObligationUpdate = Pick<
  ObligationRow,
  "id" | "amount" | "category" | "dueDate" | "priority"
>;

/** Many records updated in one statement per chunk (as updateMilestoneBatch). */
export async function updateObligationBatch(
  tx: Tx,
  workspaceId: string,
  rows: readonly ObligationUpdate[],
): Promise<void> {
  for (const chunk of chunks(rows)) {
    await tx.execute(sql`
      update ${obligations} as o set
        amount = v.amount, category = v.category, due_date = v.due_date, priority = v.priority
      from jsonb_to_recordset(${obligationJson(chunk)}::jsonb) as v(${obligationRecord})
      where o.workspace_id = ${workspaceId} and o.id = v.id`);
  }
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
