import type { SQL } from "drizzle-orm";
import type { Tx } from "../db/repositories/executor.ts";
import {
  insertMilestoneBatch,
  insertObligationBatch,
  updateMilestoneBatch,
  updateObligationBatch,
} from "../db/repositories/tracker-batches.ts";
import {
  deleteMilestones,
  deleteObligations,
  insertMilestones,
  insertObligations,
  milestonesDeletion,
  obligationsDeletion,
  updateMilestone,
  updateObligation,
} from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { isDatabaseUnavailable } from "../http/unavailable.ts";
import type { RowChanges, SyncInput, SyncPlan } from "./sync-zakat-plan.ts";

// A sync's writes (sync-zakat-data.ts): its plan's changes as a few multi-row statements, and
// the same changes one row at a time for a batch that failed, so that a refusal names its
// operation (spec §8).

type Operation = () => Promise<unknown>;

/**
 * Runs the operations in order; the first that fails ends the sync with the spec's message
 * ("Milestone sync failed at operation N", §8), and the caller's transaction rolls back every
 * earlier one: nothing is half-written.
 */
async function runOperations(kind: "Milestone" | "Obligation", operations: Operation[]) {
  for (const [index, operation] of operations.entries()) {
    try {
      await operation();
    } catch (error) {
      if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
      throw new AppError(
        kind === "Milestone" ? "MILESTONE_SYNC_FAILED" : "OBLIGATION_SYNC_FAILED",
        `${kind} sync failed at operation ${index + 1}`,
        { cause: error },
      );
    }
  }
}

/**
 * How a sync's transaction writes its rows. "direct": a few multi-row statements (a
 * sync of thousands of milestones is a handful of statements), nothing around them:
 * should one fail, the transaction is rolled back (BatchFailed) and the sync runs again in a
 * transaction of its own, "replayable". "replayable": the same statements inside a savepoint;
 * should one fail, the savepoint is rolled back and the same writes run one row at a time, in
 * the spec's order, so that the refusal names its operation ("Milestone sync failed at
 * operation N", §8). Batching changes the speed, never the answer.
 *
 * The savepoint costs two statements, and on PGlite every statement of the transaction is a
 * round trip to the worker while the transaction holds the only session (decision 031): a sync
 * that succeeds does without it.
 */
export type WriteMode = "direct" | "replayable";

/** A batched write failed in a "direct" transaction: run the sync again, "replayable". */
export class BatchFailed extends Error {}

export async function writeBatched(tx: Tx, mode: WriteMode, rows: PreparedRows): Promise<void> {
  if (rows.statements.length === 0) return;
  const batched = async (batch: Tx) => {
    for (const statement of rows.statements) await batch.execute(statement);
  };
  try {
    await (mode === "direct" ? batched(tx) : tx.transaction(batched));
    return;
  } catch (error) {
    if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
    if (mode === "direct") throw new BatchFailed(rows.kind, { cause: error });
  }
  await runOperations(rows.kind, rows.operations(tx));
}

/**
 * One kind of row's writes: the batched statements (the deletes, the updates, then the
 * inserts), and the same writes one row at a time in the spec's order (the deletes, then each
 * sent row's insert or update), for a batch that failed.
 */
interface PreparedRows {
  kind: "Milestone" | "Obligation";
  statements: SQL[];
  operations: (tx: Tx) => Operation[];
}

export interface PreparedWrites {
  milestones: PreparedRows;
  /** null when the records' changes are refused */
  obligations: PreparedRows | null;
}

/** The repository's writes for one kind of row a sync makes (`Update` names all its fields). */
interface RowWrites<Update extends { id: string }> {
  kind: "Milestone" | "Obligation";
  deletion: (workspaceId: string, ids: readonly string[] | "all") => SQL | null;
  insertBatch: (workspaceId: string, userId: string, rows: readonly Update[]) => SQL[];
  updateBatch: (workspaceId: string, rows: readonly Update[]) => SQL[];
  remove: (tx: Tx, workspaceId: string, ids: readonly string[]) => Promise<unknown>;
  insert: (
    tx: Tx,
    workspaceId: string,
    rows: readonly (Update & { userId: string })[],
  ) => Promise<unknown>;
  update: (tx: Tx, workspaceId: string, id: string, values: Omit<Update, "id">) => Promise<void>;
}

export function prepareWrites(input: SyncInput, plan: SyncPlan): PreparedWrites {
  const target = { workspaceId: input.workspaceId, userId: input.userId };
  return {
    milestones: prepareRows(target, plan.milestones, {
      kind: "Milestone",
      deletion: milestonesDeletion,
      insertBatch: insertMilestoneBatch,
      updateBatch: updateMilestoneBatch,
      remove: deleteMilestones,
      insert: insertMilestones,
      update: updateMilestone,
    }),
    obligations:
      "refusal" in plan.obligations
        ? null
        : prepareRows(target, plan.obligations, {
            kind: "Obligation",
            deletion: obligationsDeletion,
            insertBatch: insertObligationBatch,
            updateBatch: updateObligationBatch,
            remove: deleteObligations,
            insert: insertObligations,
            update: updateObligation,
          }),
  };
}

/** One kind of row's changes (sync-zakat-plan.ts) as statements (PreparedRows). */
function prepareRows<Update extends { id: string }>(
  target: { workspaceId: string; userId: string },
  changes: RowChanges<Update>,
  writes: RowWrites<Update>,
): PreparedRows {
  const { workspaceId, userId } = target;
  // every stored row removed: by workspace, no list of ids to send (the transaction runs these
  // under the tracker lock, where the stored rows are the ones the plan read)
  const deletion = writes.deletion(workspaceId, changes.removedAll ? "all" : changes.removed);
  const statements = [
    ...(deletion ? [deletion] : []),
    // updates before inserts: a date an update frees is free for an insert
    ...writes.updateBatch(
      workspaceId,
      changes.writes.filter((w) => !w.insert).map((w) => w.row),
    ),
    ...writes.insertBatch(
      workspaceId,
      userId,
      changes.writes.filter((w) => w.insert).map((w) => w.row),
    ),
  ];
  return {
    kind: writes.kind,
    statements,
    operations: (tx) => [
      ...changes.removed.map((id) => () => writes.remove(tx, workspaceId, [id])),
      ...changes.writes.map(({ row, insert }) => {
        if (insert) return () => writes.insert(tx, workspaceId, [{ ...row, userId }]);
        const { id, ...values } = row;
        return () => writes.update(tx, workspaceId, id, values);
      }),
    ],
  };
}
