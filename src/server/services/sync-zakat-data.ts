import { randomUUID } from "node:crypto";
import type { SyncZakatRequest, ZakatData } from "../../contracts/zakat.ts";
import { checkMilestone, sortMilestones, type Milestone } from "../../domain/hawl/index.ts";
import { Decimal } from "../../domain/money/decimal.ts";
import type { Db } from "../db/client.ts";
import type { Tx } from "../db/repositories/executor.ts";
import {
  deleteMilestones,
  deleteObligations,
  findZakatState,
  insertMilestoneBatch,
  insertMilestones,
  insertObligationBatch,
  insertObligations,
  listMilestones,
  listObligations,
  refreshZakatTotals,
  updateMilestone,
  updateMilestoneBatch,
  updateObligation,
  updateObligationBatch,
  type MilestoneRow,
  type MilestoneUpdate,
  type ObligationUpdate,
  type ObligationWithPaid,
} from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { isDatabaseUnavailable } from "../http/unavailable.ts";
import { ensureZakatState } from "./ensure-zakat-state.ts";
import { largeWriteRows, oneLargeWriteAtATime } from "./large-write-gate.ts";
import {
  lockTrackerAsMember,
  personToday,
  toDomainMilestone,
  toZakatData,
} from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

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

function duplicateIds(ids: readonly string[]): boolean {
  return new Set(ids).size !== ids.length;
}

/**
 * The rows a sync writes, as a few multi-row statements (issue 13: a sync of 4,000 milestones
 * is a handful of statements, not thousands), inside a savepoint. Should a statement fail, the
 * savepoint is rolled back and the same writes run one row at a time, in the spec's order, so
 * that the refusal names its operation ("Milestone sync failed at operation N", §8): batching
 * changes the speed, never the answer.
 */
async function writeBatched(
  tx: Tx,
  kind: "Milestone" | "Obligation",
  batched: (savepoint: Tx) => Promise<void>,
  operations: Operation[],
): Promise<void> {
  if (operations.length === 0) return;
  try {
    await tx.transaction(batched);
    return;
  } catch (error) {
    if (error instanceof AppError || isDatabaseUnavailable(error)) throw error;
  }
  await runOperations(kind, operations);
}

/** ids in lists of at most 10,000 (a parameter each; Postgres allows 65,535 a statement). */
function idChunks(ids: readonly string[]): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += 10_000) out.push(ids.slice(i, i + 10_000));
  return out;
}

/**
 * POST /api/workspaces/:ws/zakat (spec §7 "Saving syncs by id"): the workspace's milestones and
 * records become the ones sent. Rows are matched by id: a row whose id is gone is deleted, a
 * known id is updated where it differs, any other row is inserted under an id the server draws
 * (the answer carries it). One transaction.
 *
 * Only this workspace's ids are ever looked at: an id another workspace holds is treated exactly
 * like one nobody holds (a fresh row, a fresh id), so a sync tells nothing about other
 * workspaces (issue 10). Keeping a client's id would collide with the other workspace's row.
 */
export async function syncZakatData(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  request: SyncZakatRequest;
  now: Date;
}): Promise<ZakatData> {
  const rows = options.request.milestones.length + options.request.obligations.length;
  return rows >= largeWriteRows ? oneLargeWriteAtATime(() => sync(options)) : sync(options);
}

async function sync(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  request: SyncZakatRequest;
  now: Date;
}): Promise<ZakatData> {
  const { db, userId, request, now } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  const incomingMilestones = request.milestones.map((m) => ({
    ...m,
    id: m.id?.toLowerCase() ?? randomUUID(),
  }));
  const incomingObligations = request.obligations.map((o) => ({
    ...o,
    id: o.id?.toLowerCase() ?? randomUUID(),
  }));
  if (duplicateIds(incomingMilestones.map((m) => m.id))) {
    throw new AppError("VALIDATION_FAILED", "Validation failed.", {
      fields: { milestones: "duplicate_id" },
    });
  }
  if (duplicateIds(incomingObligations.map((o) => o.id))) {
    throw new AppError("VALIDATION_FAILED", "Validation failed.", {
      fields: { obligations: "duplicate_id" },
    });
  }

  return db.transaction(async (tx) => {
    await lockTrackerAsMember(tx, { workspaceId, userId: options.userId });
    const written = await syncMilestones(tx, { workspaceId, userId }, incomingMilestones);
    // read once: syncing the records below leaves the milestones as they are
    const timeline = await listMilestones(tx, workspaceId);
    assertTimelineRules(timeline.map(toDomainMilestone), {
      today: personToday(request.today, now),
      written,
    });
    await syncObligations(tx, { workspaceId, userId }, incomingObligations);
    if (incomingObligations.length > 0 || (await findZakatState(tx, workspaceId))) {
      await ensureZakatState(tx, { workspaceId, userId });
      await refreshZakatTotals(tx, workspaceId, now);
    }
    return toZakatData(
      timeline,
      await listObligations(tx, workspaceId),
      await findZakatState(tx, workspaceId),
    );
  });
}

/** The repository's writes for one kind of row a sync makes (`Update` names all its fields). */
interface RowWrites<Update extends { id: string }> {
  kind: "Milestone" | "Obligation";
  remove: (tx: Tx, workspaceId: string, ids: readonly string[]) => Promise<unknown>;
  insert: (
    tx: Tx,
    workspaceId: string,
    rows: readonly (Update & { userId: string })[],
  ) => Promise<unknown>;
  update: (tx: Tx, workspaceId: string, id: string, values: Omit<Update, "id">) => Promise<void>;
  insertBatch: (
    tx: Tx,
    workspaceId: string,
    rows: readonly (Update & { userId: string })[],
  ) => Promise<void>;
  updateBatch: (tx: Tx, workspaceId: string, rows: readonly Update[]) => Promise<void>;
}

/**
 * One kind of row synced by id (spec §7): a stored row whose id is not sent is deleted, a sent
 * row whose id is stored is updated when `changed` says it differs (it may throw to refuse the
 * sync), any other sent row is inserted under an id the server draws, never the client's (it
 * may be another workspace's: see syncZakatData). The writes run batched (writeBatched), their
 * one-row fallback in the spec's order: the deletes, then each sent row's insert or update.
 * Returns the ids drawn for the inserted rows.
 */
async function syncRows<Row extends { id: string }, Update extends { id: string }>(
  tx: Tx,
  target: { workspaceId: string; userId: string },
  rows: { existing: readonly Row[]; incoming: readonly Update[] },
  changed: (row: Row, next: Update) => boolean,
  writes: RowWrites<Update>,
): Promise<Set<string>> {
  const { workspaceId, userId } = target;
  const existing = new Map(rows.existing.map((r) => [r.id, r]));
  const wanted = new Set(rows.incoming.map((r) => r.id));
  const removed = [...existing.keys()].filter((id) => !wanted.has(id));
  const inserted: (Update & { userId: string })[] = [];
  const updated: Update[] = [];
  const operations: Operation[] = removed.map((id) => () => writes.remove(tx, workspaceId, [id]));
  for (const next of rows.incoming) {
    const row = existing.get(next.id);
    if (!row) {
      const insert = { ...next, id: randomUUID(), userId };
      inserted.push(insert);
      operations.push(() => writes.insert(tx, workspaceId, [insert]));
    } else if (changed(row, next)) {
      updated.push(next);
      const { id, ...values } = next;
      operations.push(() => writes.update(tx, workspaceId, id, values));
    }
  }
  await writeBatched(
    tx,
    writes.kind,
    async (savepoint) => {
      for (const ids of idChunks(removed)) await writes.remove(savepoint, workspaceId, ids);
      // updates before inserts: a date an update frees is free for an insert
      await writes.updateBatch(savepoint, workspaceId, updated);
      await writes.insertBatch(savepoint, workspaceId, inserted);
    },
    operations,
  );
  return new Set(inserted.map((r) => r.id));
}

/** Returns the ids the future-date rule applies to: inserted, or with a new date or type. */
async function syncMilestones(
  tx: Tx,
  target: { workspaceId: string; userId: string },
  incoming: (SyncZakatRequest["milestones"][number] & { id: string })[],
): Promise<Set<string>> {
  const moved = new Set<string>();
  const inserted = await syncRows<MilestoneRow, MilestoneUpdate>(
    tx,
    target,
    { existing: await listMilestones(tx, target.workspaceId), incoming },
    (row, m) => {
      if (row.date !== m.date || row.type !== m.type) moved.add(m.id);
      return (
        row.date !== m.date ||
        row.title !== m.title ||
        row.type !== m.type ||
        row.completed !== m.completed ||
        row.code !== m.code ||
        row.parentCode !== m.parentCode ||
        row.endDate !== m.endDate ||
        row.quarterlyReminder !== m.quarterlyReminder ||
        row.monthlyReminder !== m.monthlyReminder ||
        row.titleCode !== m.titleCode ||
        JSON.stringify(row.titleParams) !== JSON.stringify(m.titleParams)
      );
    },
    {
      kind: "Milestone",
      remove: deleteMilestones,
      insert: insertMilestones,
      update: updateMilestone,
      insertBatch: insertMilestoneBatch,
      updateBatch: updateMilestoneBatch,
    },
  );
  return new Set([...inserted, ...moved]);
}

async function syncObligations(
  tx: Tx,
  target: { workspaceId: string; userId: string },
  incoming: (SyncZakatRequest["obligations"][number] & { id: string })[],
): Promise<void> {
  await syncRows<ObligationWithPaid, ObligationUpdate>(
    tx,
    target,
    { existing: await listObligations(tx, target.workspaceId), incoming },
    (row, o) => {
      if (new Decimal(o.amount).lessThan(row.paidAmount)) {
        // the ledger never says more was paid than was due (record-payment.ts)
        throw new AppError("VALIDATION_FAILED", "Validation failed.", {
          fields: { obligations: "below_paid" },
        });
      }
      return (
        !new Decimal(row.amount).equals(o.amount) ||
        row.category !== o.category ||
        row.dueDate !== o.dueDate ||
        row.priority !== o.priority
      );
    },
    {
      kind: "Obligation",
      remove: deleteObligations,
      insert: insertObligations,
      update: updateObligation,
      insertBatch: insertObligationBatch,
      updateBatch: updateObligationBatch,
    },
  );
}

/**
 * The synced timeline must be one the rules could have built (spec §5): replayed in date order,
 * each threshold and threshold-down passes the checks an add would make (a row the sync writes
 * is not dated after the person's today). A refusal rolls the
 * whole sync back with the rule's code.
 */
function assertTimelineRules(
  milestones: readonly Milestone[],
  future: { today: string; written: ReadonlySet<string> },
) {
  const before: Milestone[] = [];
  for (const m of sortMilestones(milestones)) {
    // rows kept as they were stored are not dated again (they were valid when written)
    const violation = checkMilestone(
      before,
      m,
      future.written.has(m.id) ? future.today : undefined,
    );
    if (violation) throw new AppError(violation.code, violation.message);
    before.push(m);
  }
}
