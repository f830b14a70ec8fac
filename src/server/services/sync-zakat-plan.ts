import { randomUUID } from "node:crypto";
import type { SyncZakatRequest } from "../../contracts/zakat.ts";
import { checkMilestone, sortMilestones, type Milestone } from "../../domain/hawl/index.ts";
import { Decimal } from "../../domain/money/decimal.ts";
import type { MilestoneUpdate, ObligationUpdate } from "../db/repositories/tracker-batches.ts";
import type { Executor } from "../db/repositories/executor.ts";
import {
  findTrackerRevision,
  findZakatState,
  listMilestonesByCreation,
  listObligations,
  type ObligationWithPaid,
  type ZakatStateRow,
} from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { toDomainMilestone } from "./tracker-records.ts";

// What a sync (POST …/zakat, sync-zakat-data.ts) will write and answer, read and worked out
// before its transaction opens (decision 027): the rows it deletes, updates and inserts, the
// timeline and records as they will be, and the refusals it will meet, each thrown in the turn
// the spec gives it. Its transaction then only locks, checks that the tracker's revision is the
// one read here, and writes.

export type IncomingMilestone = SyncZakatRequest["milestones"][number] & { id: string };
export type IncomingObligation = SyncZakatRequest["obligations"][number] & { id: string };

export interface SyncInput {
  workspaceId: string;
  userId: string;
  milestones: readonly IncomingMilestone[];
  obligations: readonly IncomingObligation[];
  /** the person's today (personToday): no row the sync writes is dated after it */
  today: string;
  /**
   * every milestone was sent without an id: the timeline is replaced whole (every stored row
   * deleted, every sent one inserted), and the plan need not read the stored rows
   */
  replacesTimeline: boolean;
}

/** One kind of row's writes: the ids deleted, then each sent row to write, in the order sent. */
export interface RowChanges<Update extends { id: string }> {
  /** (empty when the stored rows were not read: `removedAll` then says they all go) */
  removed: string[];
  /** every stored row is removed (none is kept): deleted by workspace, without their ids */
  removedAll: boolean;
  /** inserted rows carry an id the server drew, never the client's (see syncZakatData) */
  writes: { row: Update; insert: boolean }[];
  /** the sent rows as they will be stored (inserted ones under their drawn id), in order */
  rows: Update[];
}

/** Something the sync must refuse, thrown in its turn (after the writes the spec puts first). */
type Refusal = { error: unknown } | null;

export interface SyncPlan {
  /** the tracker's revision when the plan was read (lockWorkspaceTracker bumps it) */
  revision: number | null;
  state: ZakatStateRow | null;
  milestones: RowChanges<MilestoneUpdate>;
  /** the timeline after the sync, in listMilestones' order (date, creation, id) */
  timeline: Milestone[];
  /** the timeline rules' refusal (spec §5), thrown once the milestones are written */
  rulesRefusal: Refusal;
  /** the records' writes, or their refusal (an amount below what was paid) */
  obligations: RowChanges<ObligationUpdate> | { refusal: NonNullable<Refusal> };
  /** the records after the sync, in listObligations' order; `now`: the transaction's time */
  obligationRows(now: Date): ObligationWithPaid[];
}

/**
 * Reads the tracker (its revision first: a write that lands during the reads moves it, and the
 * transaction sees that) and works out the sync. `readRevision` false: read under the tracker's
 * lock, inside the transaction, where nothing can change.
 */
export async function readSyncPlan(
  db: Executor,
  input: SyncInput,
  readRevision: boolean,
): Promise<SyncPlan> {
  const revision = readRevision ? await findTrackerRevision(db, input.workspaceId) : null;
  if (readRevision && revision === null) throw new AppError("NOT_FOUND", "Workspace not found.");
  // a timeline replaced whole: the stored rows all go whatever they are, and the sent ones are
  // ordered among themselves only, so the stored rows need not be read (a large read that
  // other requests on PGlite would wait for). Under the lock (the replay, which numbers each
  // deletion) they are.
  const unread = readRevision && input.replacesTimeline;
  const existingMilestones = unread ? [] : await listMilestonesByCreation(db, input.workspaceId);
  const existingObligations = await listObligations(db, input.workspaceId);
  const state = await findZakatState(db, input.workspaceId);

  const moved = new Set<string>();
  const diffed = diffRows(existingMilestones, input.milestones, (row, m) => {
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
  });
  const milestones = unread ? { ...diffed, removedAll: true } : diffed;
  const timeline = timelineAfter(existingMilestones, milestones.rows);
  const written = new Set(milestones.writes.filter((w) => w.insert).map((w) => w.row.id));
  for (const id of moved) written.add(id);
  const rulesRefusal = refusalOf(() =>
    assertTimelineRules(timeline, { today: input.today, written }),
  );

  let obligations: SyncPlan["obligations"];
  try {
    obligations = diffRows(existingObligations, input.obligations, (row, o) => {
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
    });
  } catch (error) {
    obligations = { refusal: { error } };
  }
  const changes = obligations;
  return {
    revision,
    state,
    milestones,
    timeline,
    rulesRefusal,
    obligations,
    obligationRows: (now) =>
      "refusal" in changes ? [] : obligationsAfter(existingObligations, changes, input, now),
  };
}

function refusalOf(check: () => void): Refusal {
  try {
    check();
    return null;
  } catch (error) {
    return { error };
  }
}

/**
 * Spec §7 "Saving syncs by id": a stored row whose id is not sent is removed, a sent row whose
 * id is stored is updated when `changed` says it differs (it may throw to refuse the sync), any
 * other sent row is inserted under an id the server draws.
 */
function diffRows<Row extends { id: string }, Update extends { id: string }>(
  existing: readonly Row[],
  incoming: readonly Update[],
  changed: (row: Row, next: Update) => boolean,
): RowChanges<Update> {
  const stored = new Map(existing.map((r) => [r.id, r]));
  const wanted = new Set(incoming.map((r) => r.id));
  const removed = existing.filter((r) => !wanted.has(r.id)).map((r) => r.id);
  const writes: RowChanges<Update>["writes"] = [];
  const rows: Update[] = [];
  for (const next of incoming) {
    const row = stored.get(next.id);
    if (!row) {
      const insert = { ...next, id: randomUUID() };
      writes.push({ row: insert, insert: true });
      rows.push(insert);
    } else {
      if (changed(row, next)) writes.push({ row: next, insert: false });
      rows.push(next);
    }
  }
  return {
    removed,
    removedAll: removed.length > 0 && removed.length === existing.length,
    writes,
    rows,
  };
}

/**
 * Object keys in jsonb's order (shorter first, then byte order): the title parameters read back
 * from the database, as listMilestones would give them.
 */
function inJsonbKeyOrder(params: Record<string, number> | null): Record<string, number> | null {
  if (!params) return params;
  const keys = Object.keys(params).sort((a, b) => {
    const bytes = (s: string) => Buffer.from(s, "utf8");
    const [x, y] = [bytes(a), bytes(b)];
    return x.length - y.length || Buffer.compare(x, y);
  });
  return Object.fromEntries(keys.map((key) => [key, params[key]!]));
}

/**
 * The timeline as listMilestones will read it after the sync: by date, then creation (stored
 * rows in the order they were created, the inserted ones after them all: they are created by
 * this transaction), then id.
 */
function timelineAfter(
  byCreation: readonly { id: string }[],
  rows: readonly MilestoneUpdate[],
): Milestone[] {
  const rank = new Map(byCreation.map((row, i) => [row.id, i]));
  const at = (id: string) => rank.get(id) ?? Number.POSITIVE_INFINITY;
  return rows
    .map((row) => ({ ...toDomainMilestone(row), titleParams: inJsonbKeyOrder(row.titleParams) }))
    .sort(
      (a, b) =>
        (a.date < b.date ? -1 : a.date > b.date ? 1 : 0) ||
        (at(a.id) === at(b.id) ? 0 : at(a.id) < at(b.id) ? -1 : 1) ||
        (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
}

/**
 * The records as listObligations will read them after the sync: newest first (the inserted ones,
 * created `now`, by id descending), then the stored ones in the order read, each with what was
 * paid on it (nothing yet on a new one).
 */
function obligationsAfter(
  existing: readonly ObligationWithPaid[],
  changes: RowChanges<ObligationUpdate>,
  input: SyncInput,
  now: Date,
): ObligationWithPaid[] {
  const sent = new Map(changes.rows.map((row) => [row.id, row]));
  const inserted = changes.writes
    .filter((w) => w.insert)
    .map(({ row }): ObligationWithPaid => ({
      ...row,
      workspaceId: input.workspaceId,
      userId: input.userId,
      createdAt: now,
      paidAmount: "0",
    }))
    .sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
  const kept = existing.flatMap((row) => {
    const next = sent.get(row.id);
    return next ? [{ ...row, ...next }] : [];
  });
  return [...inserted, ...kept];
}

/**
 * The synced timeline must be one the rules could have built (spec §5): replayed in date order,
 * each threshold and threshold-down passes the checks an add would make (a row the sync writes
 * is not dated after the person's today). A refusal rolls the whole sync back with the rule's
 * code.
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
    // two thresholds in one year were accepted before decision 052: a pair the sync only keeps
    // does not block it
    const kept =
      violation?.code === "THRESHOLD_ALREADY_REACHED" &&
      !future.written.has(m.id) &&
      !future.written.has(violation.relatedId ?? "");
    if (violation && !kept) {
      const fields = violation.date ? { ruleDate: violation.date } : undefined;
      throw new AppError(violation.code, violation.message, { fields });
    }
    before.push(m);
  }
}
