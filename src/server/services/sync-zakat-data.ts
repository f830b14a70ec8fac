import { randomUUID } from "node:crypto";
import type { SyncZakatRequest, ZakatData } from "../../contracts/zakat.ts";
import type { Db, Engine } from "../db/client.ts";
import type { Tx } from "../db/repositories/executor.ts";
import { insertMilestoneBatch } from "../db/repositories/tracker-batches.ts";
import {
  deleteUnseenMilestones,
  drawMilestoneGeneration,
  flipMilestoneGeneration,
  refreshZakatTotals,
} from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { isDatabaseUnavailable } from "../http/unavailable.ts";
import { ensureZakatState } from "./ensure-zakat-state.ts";
import { largeWriteRows, oneLargeWriteAtATime } from "./large-write-gate.ts";
import { readSyncPlan, type SyncInput, type SyncPlan } from "./sync-zakat-plan.ts";
import {
  BatchFailed,
  prepareWrites,
  writeBatched,
  type PreparedWrites,
  type WriteMode,
} from "./sync-zakat-writes.ts";
import { lockTrackerAsMember, personToday, toZakatData } from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

function duplicateIds(ids: readonly string[]): boolean {
  return new Set(ids).size !== ids.length;
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
 *
 * The tracker is read and the sync worked out before the transaction (sync-zakat-plan.ts,
 * decision 027): on PGlite a transaction holds the only session, and every other request waits
 * for it. The transaction locks the tracker, checks that its revision is still the one read, and
 * writes; should another write have landed in between, the sync is read and worked out again
 * under the lock, as one transaction, so its answer is the same as if it had waited.
 *
 * `engine`: the database's (Database.engine). On PGlite a large timeline replaced whole is
 * written as a new generation outside the transaction (decision 034); on PostgreSQL, where
 * reads never wait for a transaction, in the one transaction.
 */
export async function syncZakatData(options: SyncOptions): Promise<ZakatData> {
  const rows = options.request.milestones.length + options.request.obligations.length;
  return rows >= largeWriteRows ? oneLargeWriteAtATime(() => sync(options)) : sync(options);
}

interface SyncOptions {
  db: Db;
  engine: Engine;
  userId: string;
  workspaceId: string;
  request: SyncZakatRequest;
  now: Date;
}

/** The tracker was written between the sync's read and its lock (decision 027). */
class StalePlan extends Error {}

async function sync(options: SyncOptions): Promise<ZakatData> {
  const { db, engine, userId, request, now } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  const input: SyncInput = {
    workspaceId,
    userId,
    milestones: request.milestones.map((m) => ({ ...m, id: m.id?.toLowerCase() ?? randomUUID() })),
    obligations: request.obligations.map((o) => ({
      ...o,
      id: o.id?.toLowerCase() ?? randomUUID(),
    })),
    today: personToday(request.today, now),
    replacesTimeline: request.milestones.length > 0 && request.milestones.every((m) => !m.id),
  };
  if (duplicateIds(input.milestones.map((m) => m.id))) {
    throw new AppError("VALIDATION_FAILED", "Validation failed.", {
      fields: { milestones: "duplicate_id" },
    });
  }
  if (duplicateIds(input.obligations.map((o) => o.id))) {
    throw new AppError("VALIDATION_FAILED", "Validation failed.", {
      fields: { obligations: "duplicate_id" },
    });
  }

  // read and worked out outside any transaction: other requests' queries run meanwhile
  const plan = await readSyncPlan(db, input, true);
  // its statements too (their JSON is most of the work in JavaScript): not while the
  // transaction holds PGlite's session
  const writes = prepareWrites(input, plan);
  try {
    if (writesGeneration(engine, input, plan)) {
      // a large timeline replaced whole: written as a new generation, flipped to in one small
      // transaction (decision 034); null when it could not be (the sync runs as below)
      const answer = await syncAsGeneration(db, input, plan, writes, now);
      if (answer) return answer();
      throw new StalePlan();
    }
    const answer = await db.transaction(async (tx) => {
      const locked = await lockTrackerAsMember(tx, { workspaceId, userId });
      if (locked.revision !== plan.revision) throw new StalePlan();
      return applySyncPlan(tx, "direct", input, plan, writes, { now, createdAt: locked.now });
    });
    return answer();
  } catch (error) {
    if (!(error instanceof StalePlan || error instanceof BatchFailed)) throw error;
  }
  // written meanwhile, or a batch failed: read and worked out again under the lock, its writes
  // replayable row by row (the rows just read may be stale again by the time a second plan is
  // locked: no third try)
  const answer = await db.transaction(async (tx) => {
    const locked = await lockTrackerAsMember(tx, { workspaceId, userId });
    const fresh = await readSyncPlan(tx, input, false);
    const freshWrites = prepareWrites(input, fresh);
    return applySyncPlan(tx, "replayable", input, fresh, freshWrites, {
      now,
      createdAt: locked.now,
    });
  });
  return answer();
}

/** Rows a statement writes of a new generation: what a request waits for behind it at most. */
export const generationRows = 250;

/**
 * Rows a statement deletes of a generation no timeline shows: more than `generationRows`, since
 * deleting costs a row far less than inserting (no foreign-key check), and each statement
 * walks the workspace's index past the rows the previous ones deleted.
 */
const deletionRows = 1_000;

/**
 * Whether the sync writes its timeline as a new generation (decision 034): on PGlite, a large
 * timeline (largeWriteRows or more) replaced whole, every row inserted, and nothing the plan
 * refuses (a refusal, and the operation it names, come from the one-transaction path). Not on
 * PostgreSQL: there other requests' reads never wait for the sync's transaction (MVCC, a pool
 * of connections), while each statement outside it would commit, and wait for its WAL flush,
 * on its own, which only slows the sync. The one-transaction path writes the rows into the
 * workspace's visible generation ("visible" inserts, deletion through ofTimeline).
 */
function writesGeneration(engine: Engine, input: SyncInput, plan: SyncPlan): boolean {
  return (
    engine === "pglite" &&
    input.replacesTimeline &&
    input.milestones.length >= largeWriteRows &&
    plan.milestones.removedAll &&
    plan.milestones.writes.every((w) => w.insert) &&
    !plan.rulesRefusal &&
    !("refusal" in plan.obligations)
  );
}

/**
 * A timeline replaced whole, without one transaction that holds its thousands of inserts (on
 * PGlite every other request waits for such a transaction, decision 031). Its rows are inserted
 * under a generation no timeline shows, `generationRows` a statement, each statement on its own
 * (other requests' queries run between them). Then one transaction locks the tracker, checks
 * that its revision is the one the plan read, makes the new generation the workspace's timeline
 * and writes the records: the timeline changes all at once, or not at all. The replaced rows
 * are deleted afterwards, as many a statement. Returns the answer, or null when the tracker was
 * written meanwhile or a write failed: the new rows are deleted and the sync runs in one
 * transaction instead, which refuses with the error and operation the spec names.
 */
async function syncAsGeneration(
  db: Db,
  input: SyncInput,
  plan: SyncPlan,
  writes: PreparedWrites,
  now: Date,
): Promise<(() => ZakatData) | null> {
  const { workspaceId, userId } = input;
  const generation = await drawMilestoneGeneration(db);
  const rows = plan.milestones.writes.map((w) => w.row);
  let answer: (() => ZakatData) | null = null;
  try {
    for (const statement of insertMilestoneBatch(workspaceId, userId, rows, {
      generation,
      createdAt: now,
      size: generationRows,
    })) {
      await db.execute(statement);
    }
    answer = await db.transaction(async (tx) => {
      const locked = await lockTrackerAsMember(tx, { workspaceId, userId });
      if (locked.revision !== plan.revision) throw new StalePlan();
      await flipMilestoneGeneration(tx, workspaceId, generation);
      const flipped = { ...writes, milestones: { ...writes.milestones, statements: [] } };
      return applySyncPlan(tx, "direct", input, plan, flipped, { now, createdAt: locked.now });
    });
  } catch (error) {
    if (error instanceof AppError || isDatabaseUnavailable(error)) {
      await deleteGeneration(db, workspaceId, generation).catch(() => {});
      throw error;
    }
    // stale, or a statement failed (a batch, or one of the generation's rows)
  }
  // the rows no timeline shows any more: the replaced generation's, or this one's if it was
  // not flipped to. Should this fail, they stay unseen until the workspace's next flip deletes
  // every older generation: the sync's answer stands.
  await deleteGeneration(db, workspaceId, answer ? undefined : generation).catch(() => {});
  return answer;
}

/** Deletes a generation's rows (deleteUnseenMilestones), `deletionRows` a statement. */
async function deleteGeneration(db: Db, workspaceId: string, abandoned?: number): Promise<void> {
  while ((await deleteUnseenMilestones(db, workspaceId, deletionRows, abandoned)) > 0);
}

/**
 * The sync's writes and refusals, in the spec's order: the milestones, the timeline rules, the
 * records, then the state (spec §5: created only once the timeline has a nissab date) with its
 * totals. `createdAt`: the transaction's time, which the rows it inserts are created at.
 * Returns the answer to build once the transaction has ended: deriving the timeline of 4,000
 * milestones is milliseconds the transaction need not hold (decision 031).
 */
async function applySyncPlan(
  tx: Tx,
  mode: WriteMode,
  input: SyncInput,
  plan: SyncPlan,
  writes: PreparedWrites,
  time: { now: Date; createdAt: Date },
): Promise<() => ZakatData> {
  const target = { workspaceId: input.workspaceId, userId: input.userId };
  await writeBatched(tx, mode, writes.milestones);
  if (plan.rulesRefusal) throw plan.rulesRefusal.error;
  if ("refusal" in plan.obligations) throw plan.obligations.refusal.error;
  if (writes.obligations) await writeBatched(tx, mode, writes.obligations);
  let state = plan.state;
  if (input.obligations.length > 0 || state) {
    state = await ensureZakatState(tx, target, { state, timeline: plan.timeline });
    await refreshZakatTotals(tx, input.workspaceId, time.now);
  }
  const stateAfter = state;
  return () => toZakatData(plan.timeline, plan.obligationRows(time.createdAt), stateAfter);
}
