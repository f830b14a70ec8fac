import { addHijriYear } from "./hijri.ts";
import type { Milestone } from "./milestone.ts";

// Where a threshold or threshold-down falls among the nisab events already there (rules.ts).

/** The threshold a threshold-down on `date` belongs to: the latest one on an earlier day. */
export function thresholdBefore(existing: readonly Milestone[], date: string): Milestone | null {
  let found: Milestone | null = null;
  for (const m of existing) {
    if (m.type === "threshold" && m.date < date && (found === null || m.date >= found.date)) {
      found = m;
    }
  }
  return found;
}

export function firstThreshold(existing: readonly Milestone[]): Milestone | null {
  let first: Milestone | null = null;
  for (const m of existing) {
    if (m.type === "threshold" && (first === null || m.date < first.date)) first = m;
  }
  return first;
}

/**
 * A threshold that a new threshold on `date` would follow or precede with no threshold-down in
 * between, inside the earlier one's year: wealth is above nisab there already. The nisab event
 * just before (a threshold-down on the same day comes first: timeline.ts) and the one just after.
 */
export function thresholdAlreadyReached(
  existing: readonly Milestone[],
  date: string,
): Milestone | null {
  let before: Milestone | null = null;
  let after: Milestone | null = null;
  for (const m of existing) {
    if (m.type !== "threshold" && m.type !== "threshold-down") continue;
    const earlier = m.date < date || (m.date === date && m.type === "threshold-down");
    if (earlier) {
      if (
        before === null ||
        m.date > before.date ||
        (m.date === before.date && m.type === "threshold")
      ) {
        before = m;
      }
    } else if (
      after === null ||
      m.date < after.date ||
      (m.date === after.date && m.type === "threshold-down")
    ) {
      after = m;
    }
  }
  if (before?.type === "threshold" && date < (before.endDate ?? addHijriYear(before.date))) {
    return before;
  }
  if (after?.type === "threshold" && after.date < addHijriYear(date)) return after;
  return null;
}
