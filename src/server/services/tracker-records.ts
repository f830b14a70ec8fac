import type {
  MilestoneChange,
  MilestoneDto,
  ObligationDto,
  TrackerSettings,
  ZakatData,
} from "../../contracts/zakat.ts";
import {
  daysBetween,
  deriveTimeline,
  sortMilestones,
  todayIn,
  type Milestone,
} from "../../domain/hawl/index.ts";
import { Decimal } from "../../domain/money/decimal.ts";
import type { Tx } from "../db/repositories/executor.ts";
import {
  findZakatState,
  insertMilestones,
  listMilestones,
  lockWorkspaceTracker,
  retitleMilestone,
  type ObligationWithPaid,
  type ZakatStateRow,
} from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

// What the tracker's use cases share: rows to wire shapes and to domain milestones, the
// settings in force, and the derived ZakatData.

export const defaultTrackerSettings: TrackerSettings = {
  hawlRule: "majority",
  yearBasis: "hijri",
  currency: "EUR",
};

export function settingsOf(state: ZakatStateRow | null): TrackerSettings {
  if (!state) return defaultTrackerSettings;
  return { hawlRule: state.hawlRule, yearBasis: state.yearBasis, currency: state.currency };
}

/** A row's domain fields (a domain milestone's own, as a copy). */
export function toDomainMilestone(row: Milestone): Milestone {
  return {
    id: row.id,
    date: row.date,
    title: row.title,
    type: row.type,
    completed: row.completed,
    code: row.code,
    parentCode: row.parentCode,
    endDate: row.endDate,
    quarterlyReminder: row.quarterlyReminder,
    monthlyReminder: row.monthlyReminder,
    titleCode: row.titleCode,
    titleParams: row.titleParams,
  };
}

/**
 * The person's today for the rule "no threshold after today" (PRODUCT.md): the calendar day the
 * client sends (its time zone), accepted within one day of the server's UTC day (every time zone
 * is), else the server's UTC day.
 */
export function personToday(clientToday: string | undefined, now: Date): string {
  const utc = todayIn("UTC", now);
  if (clientToday !== undefined && Math.abs(daysBetween(utc, clientToday)) <= 1) {
    return clientToday;
  }
  return utc;
}

/** The wire shape is the domain shape; only the fields the contract names go out. */
export function toMilestoneDto(m: Milestone): MilestoneDto {
  return {
    id: m.id,
    date: m.date,
    title: m.title,
    type: m.type,
    completed: m.completed,
    code: m.code,
    parentCode: m.parentCode,
    endDate: m.endDate,
    quarterlyReminder: m.quarterlyReminder,
    monthlyReminder: m.monthlyReminder,
    titleCode: m.titleCode ?? null,
    titleParams: m.titleParams ?? null,
  };
}

/** Money as stored (NUMERIC text) to the wire: two decimals at least, never an exponent. */
export function moneyText(value: string): string {
  const d = new Decimal(value);
  return d.decimalPlaces() < 2 ? d.toFixed(2) : d.toFixed();
}

export function toObligationDto(row: ObligationWithPaid): ObligationDto {
  return {
    id: row.id,
    dueDate: row.dueDate,
    amount: moneyText(row.amount),
    category: row.category,
    priority: row.priority,
    paidAmount: moneyText(row.paidAmount),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toZakatData(
  milestoneRows: readonly Milestone[],
  obligationRows: readonly ObligationWithPaid[],
  state: ZakatStateRow | null,
): ZakatData {
  const settings = settingsOf(state);
  const timeline = milestoneRows.map(toDomainMilestone);
  const derived = deriveTimeline(timeline, settings.hawlRule, settings.yearBasis);
  const sum = (values: string[]) =>
    moneyText(values.reduce((total, v) => total.plus(v), new Decimal(0)).toFixed());
  return {
    ...derived,
    milestones: timeline.map(toMilestoneDto),
    obligations: obligationRows.map(toObligationDto),
    // the ledger is the truth (PRODUCT.md); the zakat_states columns mirror it
    totalDue: sum(obligationRows.map((o) => o.amount)),
    totalPaid: sum(obligationRows.map((o) => o.paidAmount)),
    settings,
  };
}

/** The SQLSTATE of a driver error, looking through Drizzle's wrapping. */
export function sqlStateOf(error: unknown, depth = 0): string | null {
  if (!error || typeof error !== "object" || depth > 8) return null;
  const e = error as { code?: unknown; cause?: unknown };
  if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return sqlStateOf(e.cause, depth + 1);
}

/**
 * Takes the workspace's tracker lock (bumping its tracker revision), then checks again that the
 * caller is a member: removing a member takes the same lock, so a member removed meanwhile is
 * refused here, not served once more. Every tracker write starts with it. Returns the revision
 * before this write and the transaction's timestamp (lockWorkspaceTracker).
 */
export async function lockTrackerAsMember(
  tx: Tx,
  options: { workspaceId: string; userId: string },
): Promise<{ revision: number; now: Date }> {
  const locked = await lockWorkspaceTracker(tx, options.workspaceId);
  if (!locked) throw new AppError("NOT_FOUND", "Workspace not found.");
  await assertWorkspaceMember(tx, options);
  return locked;
}

/**
 * A milestone write's start: the tracker lock (lockTrackerAsMember), then the workspace's
 * milestones and settings as they are under it.
 */
export async function lockedTimeline(
  tx: Tx,
  options: { workspaceId: string; userId: string },
): Promise<{ milestones: Milestone[]; settings: TrackerSettings }> {
  await lockTrackerAsMember(tx, options);
  const [rows, state] = await Promise.all([
    listMilestones(tx, options.workspaceId),
    findZakatState(tx, options.workspaceId),
  ]);
  return { milestones: rows.map(toDomainMilestone), settings: settingsOf(state) };
}

/**
 * Writes what the domain's add or restore gave (the new milestones and the changed titles) and
 * answers the change.
 */
export async function storeAddedMilestones(
  tx: Tx,
  options: { workspaceId: string; userId: string },
  result: { milestones: Milestone[]; added: readonly Milestone[]; retitled: readonly Milestone[] },
  settings: TrackerSettings,
): Promise<MilestoneChange> {
  const { workspaceId, userId } = options;
  await insertMilestones(
    tx,
    workspaceId,
    result.added.map((m) => ({ ...toMilestoneDto(m), userId })),
  );
  for (const m of result.retitled) await retitleMilestone(tx, workspaceId, m.id, m.title);
  return milestoneChange(
    result.milestones,
    settings,
    result.added.map((m) => m.id),
  );
}

/** A milestone write's answer: the timeline it left, derived, and the ids it changed. */
export function milestoneChange(
  milestones: readonly Milestone[],
  settings: TrackerSettings,
  changed: string[],
): MilestoneChange {
  return {
    ...deriveTimeline(milestones, settings.hawlRule, settings.yearBasis),
    milestones: sortMilestones(milestones).map(toMilestoneDto),
    changed,
  };
}
