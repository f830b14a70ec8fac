import { assertCalendarDay, daysBetween } from "./calendar-day.ts";
import { hijriParts } from "./hijri.ts";
import type { HawlRule, Milestone } from "./milestone.ts";
import { inOrder, thresholdStatusOn } from "./timeline.ts";
import { zakatYearEnd, type TrackerYearBasis } from "./year-basis.ts";
import { endedYears } from "./zakat-year.ts";

// The zakat years a statement can be made for (issue 33, decision 063). A year is a threshold
// of the timeline that was not broken: under the majority rule a dip before its due date ends
// it, under both rules wealth below nisab on the due date leaves nothing due. A year is
// identified by its due date ("YYYY-MM-DD"): two years can fall due in one Hijri year (a dip and
// a new threshold), so the Hijri year is its label, never its key.

export interface StatementYear {
  /** the threshold milestone that started the year */
  thresholdId: string;
  /** the day wealth reached nisab */
  start: string;
  /** the day zakat fell (or falls) due: the year's identifier */
  due: string;
  /** the Umm al-Qura year of the due date: "the 1447 AH statement" */
  hijriYear: number;
}

/** Every year of the timeline that has a due date, oldest first. */
export function statementYears(
  milestones: readonly Milestone[],
  rule: HawlRule,
  basis: TrackerYearBasis,
): StatementYear[] {
  const sorted = inOrder(milestones);
  const ended = endedYears(sorted, rule);
  const years: StatementYear[] = [];
  for (const m of sorted) {
    if (m.type !== "threshold" || ended.has(m.id)) continue;
    const due = basis === "hijri" && m.endDate !== null ? m.endDate : zakatYearEnd(m.date, basis);
    if (thresholdStatusOn(sorted, due) === "below") continue;
    years.push({ thresholdId: m.id, start: m.date, due, hijriYear: hijriParts(due).year });
  }
  return years.sort((a, b) => (a.due < b.due ? -1 : a.due > b.due ? 1 : 0));
}

/**
 * The year a dated item (a calculation, a zakat record) belongs to: the one whose due date is
 * nearest to its date; on a tie, the earlier year. null when there is no year.
 */
export function yearOfDate<Y extends Pick<StatementYear, "due">>(
  date: string,
  years: readonly Y[],
): Y | null {
  assertCalendarDay(date);
  let best: Y | null = null;
  let bestDistance = Infinity;
  for (const year of years) {
    const distance = Math.abs(daysBetween(year.due, date));
    if (distance < bestDistance) {
      best = year;
      bestDistance = distance;
    }
  }
  return best;
}

export interface CalculationCandidate {
  id: string;
  /** the calculation's "as of" day */
  calculationDate: string;
  isCompleted: boolean;
  /** ISO instant of its last change: the later of two equally near calculations wins */
  updatedAt: string;
}

/**
 * The completed calculations that belong to a year (yearOfDate), the one a statement rests on
 * first: dated nearest to the due date; equally near, the most recently changed. These are the
 * ones a member may pick instead (`?calculation=`).
 */
export function yearCalculations<C extends CalculationCandidate>(
  year: Pick<StatementYear, "due">,
  years: readonly Pick<StatementYear, "due">[],
  calculations: readonly C[],
): C[] {
  const distance = (c: C) => Math.abs(daysBetween(year.due, c.calculationDate));
  return calculations
    .filter((c) => c.isCompleted && yearOfDate(c.calculationDate, years)?.due === year.due)
    .sort(
      (a, b) =>
        distance(a) - distance(b) ||
        (a.updatedAt > b.updatedAt ? -1 : a.updatedAt < b.updatedAt ? 1 : 0),
    );
}

/** The calculation a year's statement rests on by default (yearCalculations' first); null: none. */
export function statementCalculation<C extends CalculationCandidate>(
  year: Pick<StatementYear, "due">,
  years: readonly Pick<StatementYear, "due">[],
  calculations: readonly C[],
): C | null {
  return yearCalculations(year, years, calculations)[0] ?? null;
}

/** The milestones of a year's timeline: from its start to its due date, both included. */
export function yearTimeline(
  milestones: readonly Milestone[],
  year: Pick<StatementYear, "start" | "due">,
): Milestone[] {
  return inOrder(milestones).filter((m) => m.date >= year.start && m.date <= year.due);
}
