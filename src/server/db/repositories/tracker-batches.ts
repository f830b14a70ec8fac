import { sql, type SQL } from "drizzle-orm";
import { milestones, obligations, workspaces } from "../schema.ts";
import type { Milestone } from "../../../domain/hawl/milestone.ts";
import type { MilestoneInsert, ObligationRow } from "./tracker.ts";

// A sync's batch writes (issue 13: a sync of 4,000 milestones is a handful of statements, not
// thousands; services/sync-zakat-data.ts).

/**
 * Rows per statement of the batch writes below. Their rows travel as one jsonb parameter,
 * turned into typed rows by jsonb_to_recordset: one parameter however many rows (Postgres
 * allows 65,535 a statement), and far cheaper to bind than one parameter a column a row.
 */
const batchRows = 5_000;

function chunks<T>(rows: readonly T[], size = batchRows): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * A batch's rows as compact JSON for jsonb_to_recordset: each field under a short key, and a
 * null left out (a key the object lacks reads as NULL). On PGlite the statement that carries
 * them holds the only session while every other request waits (decision 031): the text is
 * encoded, copied into Postgres and parsed there, so its size counts. 4,000 milestones of the
 * smallest form: 1,059 KB with the column names and nulls, 455 KB so.
 */
interface Field<Row> {
  key: string;
  type: string;
  value: (row: Row) => unknown;
}

function recordset<Row extends { id: string }>(fields: readonly Field<Row>[]) {
  const compact = (row: Row) => {
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      const value = field.value(row);
      if (value !== null && value !== undefined) out[field.key] = value;
    }
    return out;
  };
  return {
    /** jsonb_to_recordset's column list: `v.<key>` is the field's typed value */
    columns: sql.raw(fields.map((f) => `${f.key} ${f.type}`).join(", ")),
    json(rows: readonly Row[]): string {
      return JSON.stringify(rows.map(compact));
    },
    /** one object, each row under its id (for updates: see byIdUpdate) */
    byId(rows: readonly Row[]): string {
      return JSON.stringify(Object.fromEntries(rows.map((row) => [row.id, compact(row)])));
    },
  };
}

/**
 * An UPDATE of the rows among `target` whose id is a key of `byId` (recordset.byId), each set
 * to its own object's fields. No join: each stored row looks its values up in the one parsed
 * jsonb object, read once by the CTE and taken by uncorrelated subqueries, because a join with
 * jsonb_to_recordset can be planned as a nested loop over every stored row (decision 045).
 */
function byIdUpdate(options: {
  table: SQL;
  alias: string;
  assignments: string;
  values: string;
  columns: SQL;
  byId: string;
  target: SQL;
}): SQL {
  const { alias } = options;
  return sql`
    with v as materialized (select ${options.byId}::jsonb as rows)
    update ${options.table} as ${sql.raw(alias)} set (${sql.raw(options.assignments)}) = (
      select ${sql.raw(options.values)}
      from jsonb_to_record((select rows from v) -> ${sql.raw(alias)}.id::text)
        as r(${options.columns}))
    where ${options.target} and (select rows from v) ? ${sql.raw(alias)}.id::text`;
}

/** a milestone's fields as the batches send them (the user who inserts is a parameter) */
const milestoneRecord = recordset<MilestoneUpdate>([
  { key: "i", type: "uuid", value: (r) => r.id },
  { key: "d", type: "date", value: (r) => r.date },
  { key: "t", type: "text", value: (r) => r.title },
  { key: "y", type: "text", value: (r) => r.type },
  { key: "c", type: "boolean", value: (r) => r.completed },
  { key: "k", type: "text", value: (r) => r.code },
  { key: "p", type: "text", value: (r) => r.parentCode },
  { key: "e", type: "date", value: (r) => r.endDate },
  { key: "q", type: "boolean", value: (r) => r.quarterlyReminder },
  { key: "m", type: "boolean", value: (r) => r.monthlyReminder },
  { key: "tc", type: "text", value: (r) => r.titleCode },
  { key: "tp", type: "jsonb", value: (r) => r.titleParams },
]);

/**
 * Many milestones in one statement (a sync of thousands: issue 13), inserted by `userId`. The
 * statements are built (their JSON included) before the sync's transaction opens and run in it
 * (services/sync-zakat-data.ts). `generation`: the workspace's timeline ("visible"), or a
 * generation a large sync writes before it flips to it (decision 034), `size` rows a statement.
 */
export function insertMilestoneBatch(
  workspaceId: string,
  userId: string | null,
  rows: readonly MilestoneUpdate[],
  generation: { generation: number; createdAt: Date; size: number } | "visible" = "visible",
): SQL[] {
  const visible = generation === "visible";
  const into = visible
    ? sql`(select ${workspaces.milestoneGeneration} from ${workspaces} where ${workspaces.id} = ${workspaceId})`
    : sql`${generation.generation}::int`;
  // a generation's rows are written by several statements: all created at one time, so that
  // the timeline's order (date, creation, id) is the one the sync worked out
  const createdAt = visible ? sql`now()` : sql`${generation.createdAt.toISOString()}::timestamptz`;
  return chunks(rows, visible ? batchRows : generation.size).map(
    (chunk) => sql`
      insert into ${milestones} (id, workspace_id, user_id, date, title, type, completed, code,
        parent_code, end_date, quarterly_reminder, monthly_reminder, title_code, title_params,
        generation, created_at)
      select v.i, ${workspaceId}, ${userId}::text, v.d, v.t, v.y, v.c, v.k, v.p, v.e, v.q, v.m,
        v.tc, v.tp, ${into}, ${createdAt}
      from jsonb_to_recordset(${milestoneRecord.json(chunk)}::jsonb)
        as v(${milestoneRecord.columns})`,
  );
}

/** Every field of a milestone (the domain's Milestone names them), each given. */
export type MilestoneUpdate = Required<Pick<MilestoneInsert, keyof Milestone>>;

/**
 * Many milestones updated in one statement per chunk: the new values travel as one jsonb
 * object keyed by id, each stored row looks its own up (byIdUpdate). The trigger of
 * drizzle/0011 still bumps each changed row's revision.
 */
export function updateMilestoneBatch(workspaceId: string, rows: readonly MilestoneUpdate[]): SQL[] {
  return chunks(rows).map((chunk) =>
    byIdUpdate({
      table: sql`${milestones}`,
      alias: "m",
      assignments:
        "date, title, type, completed, code, parent_code, end_date, quarterly_reminder, " +
        "monthly_reminder, title_code, title_params",
      values: "r.d, r.t, r.y, r.c, r.k, r.p, r.e, r.q, r.m, r.tc, r.tp",
      columns: milestoneRecord.columns,
      byId: milestoneRecord.byId(chunk),
      target: sql`m.workspace_id = ${workspaceId}
        and m.generation = (select ${workspaces.milestoneGeneration} from ${workspaces}
          where ${workspaces.id} = ${workspaceId})`,
    }),
  );
}

/** a record's fields as the batches send them (as milestoneRecord) */
const obligationRecord = recordset<ObligationUpdate>([
  { key: "i", type: "uuid", value: (r) => r.id },
  { key: "a", type: "numeric", value: (r) => r.amount },
  { key: "c", type: "text", value: (r) => r.category },
  { key: "d", type: "date", value: (r) => r.dueDate },
  { key: "p", type: "text", value: (r) => r.priority },
]);

/** Many records in one statement per chunk (as insertMilestoneBatch). */
export function insertObligationBatch(
  workspaceId: string,
  userId: string | null,
  rows: readonly ObligationUpdate[],
): SQL[] {
  return chunks(rows).map(
    (chunk) => sql`
      insert into ${obligations} (id, workspace_id, user_id, amount, category, due_date, priority)
      select v.i, ${workspaceId}, ${userId}::text, v.a, v.c, v.d, v.p
      from jsonb_to_recordset(${obligationRecord.json(chunk)}::jsonb)
        as v(${obligationRecord.columns})`,
  );
}

export type ObligationUpdate = Pick<
  ObligationRow,
  "id" | "amount" | "category" | "dueDate" | "priority"
>;

/** Many records updated in one statement per chunk (as updateMilestoneBatch). */
export function updateObligationBatch(
  workspaceId: string,
  rows: readonly ObligationUpdate[],
): SQL[] {
  return chunks(rows).map((chunk) =>
    byIdUpdate({
      table: sql`${obligations}`,
      alias: "o",
      assignments: "amount, category, due_date, priority",
      values: "r.a, r.c, r.d, r.p",
      columns: obligationRecord.columns,
      byId: obligationRecord.byId(chunk),
      target: sql`o.workspace_id = ${workspaceId}`,
    }),
  );
}
