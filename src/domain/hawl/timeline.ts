import type { HawlRule, Milestone, MilestoneType, ThresholdStatus } from "./milestone.ts";
import { zakatYearEnd, type TrackerYearBasis } from "./year-basis.ts";

// The derived state of a timeline (spec §4), recomputed from the milestones after every add and
// removal; nothing here is stored state of its own.

export interface TimelineState {
  thresholdStatus: ThresholdStatus;
  /** the day the nisab status last changed: the latest threshold, or the threshold-down after it */
  nissabDate: string | null;
  /** the start of the hawl whose end is the next zakat (same as zakatYearStart) */
  nextZakatDate: string | null;
  zakatYearStart: string | null;
}

// Within one day a threshold-down comes first: it always ends a year that began on an earlier
// day (rules.ts), while a threshold on that day starts a new one. Then the other milestones.
const typeRank: Readonly<Record<MilestoneType, number>> = {
  "threshold-down": 0,
  threshold: 1,
  due: 2,
  payment: 3,
};

function compare(a: Milestone, b: Milestone): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  return typeRank[a.type] - typeRank[b.type];
}

/**
 * Date ascending ("YYYY-MM-DD" compares as text); on the same day threshold-down, threshold,
 * due, payment; milestones still equal keep their input order (the sort is stable), which for
 * stored rows is their creation order. Returns a new array.
 */
export function sortMilestones(ms: readonly Milestone[]): Milestone[] {
  return isSorted(ms) ? ms.slice() : sortedCopy(ms);
}

/** The milestones in sortMilestones order: the input itself when it already is (rows are). */
export function inOrder(ms: readonly Milestone[]): readonly Milestone[] {
  return isSorted(ms) ? ms : sortedCopy(ms);
}

// Sorting 10,000 milestones with a comparator that reads strings costs more than the whole
// derivation. Instead each milestone becomes one number, (day, type rank, input position), and
// the numbers sort natively: stable by construction, no comparator calls.
const positions = 2 ** 20;

function sortedCopy(ms: readonly Milestone[]): Milestone[] {
  if (ms.length >= positions) return ms.slice().sort(compare);
  const keys = new Float64Array(ms.length);
  for (let i = 0; i < ms.length; i++) {
    const { date, type } = ms[i]!;
    const ymd =
      Number(date.slice(0, 4)) * 10_000 +
      Number(date.slice(5, 7)) * 100 +
      Number(date.slice(8, 10));
    // at most 99_991_231 × 4 × 2^20 ≈ 4.2 × 10^14: an exact integer in a double
    keys[i] = (ymd * 4 + typeRank[type]) * positions + i;
    // not a "YYYY-MM-DD" day (a caller error): text order still gives a deterministic answer
    if (Number.isNaN(keys[i])) return ms.slice().sort(compare);
  }
  keys.sort();
  return Array.from(keys, (key) => ms[key % positions]!);
}

export function isSorted(ms: readonly Milestone[]): boolean {
  for (let i = 1; i < ms.length; i++) if (compare(ms[i - 1]!, ms[i]!) > 0) return false;
  return true;
}

/**
 * Spec §4, read over the milestones in sortMilestones order:
 * - thresholdStatus: the latest threshold or threshold-down decides (above / below), none → unknown.
 * - nissabDate: the latest threshold's date, or the date of a threshold-down that follows it.
 * - nextZakatDate: the spec's rule is "the latest threshold, unless a threshold-down follows it;
 *   then the earliest threshold after that threshold-down, and if none, the latest threshold".
 *   In date order no threshold can come after the threshold-down that follows the latest
 *   threshold, so under the majority rule this is always the latest threshold's date.
 * - zakatYearStart: the start of the hawl in force. It stays set while paused, so the tracker can
 *   say "Zakat year ended below nisab" instead of asking for a first date again.
 *
 * Majority rule (the spec): every threshold starts (or resumes) a new year; a threshold-down
 * ends the year, which restarts at the next threshold. The start is the latest threshold.
 *
 * Hanafi rule (PRODUCT.md): only the start and the end of the year count. A threshold-down does
 * not reset the year and a threshold dated before the running year's end (wealth regained after
 * a dip, or a second "above" entry) does not restart it; a threshold on or after that end starts
 * the next year. The years are not rolled forward by themselves: as in the spec, the user starts
 * each year with a threshold. `basis` sets where a year ends (Hijri by default: endDate).
 */
export function deriveTimeline(
  milestones: readonly Milestone[],
  rule: HawlRule,
  basis: TrackerYearBasis = "hijri",
): TimelineState {
  const sorted = inOrder(milestones);
  let lastThreshold: Milestone | null = null;
  let lastEvent: Milestone | null = null;
  let hanafiStart: string | null = null;
  let hanafiEnd: string | null = null;
  for (const m of sorted) {
    if (m.type === "threshold") {
      lastThreshold = m;
      lastEvent = m;
      if (rule === "hanafi" && (hanafiEnd === null || m.date >= hanafiEnd)) {
        hanafiStart = m.date;
        hanafiEnd = zakatYearEnd(m.date, basis);
      }
    } else if (m.type === "threshold-down") {
      lastEvent = m;
    }
  }
  const thresholdStatus: ThresholdStatus =
    lastEvent === null ? "unknown" : lastEvent.type === "threshold" ? "above" : "below";
  const start = rule === "majority" ? (lastThreshold?.date ?? null) : hanafiStart;
  return {
    thresholdStatus,
    // lastEvent is the latest threshold itself or a threshold-down after it
    nissabDate: lastThreshold === null ? null : lastEvent!.date,
    nextZakatDate: start,
    zakatYearStart: start,
  };
}

/** The nisab status at the end of `day`: the latest threshold or threshold-down dated ≤ day. */
export function thresholdStatusOn(milestones: readonly Milestone[], day: string): ThresholdStatus {
  let status: ThresholdStatus = "unknown";
  let latest: Milestone | null = null;
  for (const m of milestones) {
    if (m.date > day || (m.type !== "threshold" && m.type !== "threshold-down")) continue;
    if (latest === null || compare(latest, m) <= 0) {
      latest = m;
      status = m.type === "threshold" ? "above" : "below";
    }
  }
  return status;
}
