import { sql } from "drizzle-orm";
import { milestones, obligations } from "../schema.ts";
import type { Milestone } from "../../../domain/hawl/milestone.ts";
import type { Tx } from "./executor.ts";
import type { MilestoneInsert, ObligationRow } from "./tracker.ts";

// A sync's batch writes (issue 13: a sync of 4,000 milestones is a handful of statements, not
// thousands; services/sync-zakat-data.ts).

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
