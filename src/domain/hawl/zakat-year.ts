import { assertCalendarDay, daysBetween, pad2 } from "./calendar-day.ts";
import type { HawlRule, Milestone } from "./milestone.ts";
import { deriveTimeline, inOrder, thresholdStatusOn } from "./timeline.ts";
import { yearLengthDays, zakatYearEnd, type TrackerYearBasis } from "./year-basis.ts";

export { trackerYearBases, yearLengthDays, zakatYearEnd, trackerYearBasis } from "./year-basis.ts";
export type { TrackerYearBasis } from "./year-basis.ts";

// The zakat year as the tracker shows it (spec §4 "Zakat year", §9; PRODUCT.md on the hawl
// rule). "today" is a calendar day in the user's time zone (todayIn), never read from a clock here.
//
// - not-set: no threshold yet; the tracker asks for the date wealth reached nisab.
// - complete: the year's end (one Umm al-Qura year, or 365 days) has come and the wealth was at
//   or above nisab at the end of that day: zakat is due. Progress 100. This holds under both
//   rules, so a dip after a year has completed does not hide that its zakat fell due.
// - running: above nisab, the end not yet reached. Progress is elapsed days over 354 (Hijri) or
//   365 (Gregorian) days, rounded, within 0–99: 100 is kept for a complete year, so a 355-day
//   Umm al-Qura year never shows 100 % a day early.
// - paused, majority rule (the spec's meaning): below nisab, the year has ended and restarts at
//   the next threshold ("a below-threshold milestone resets and pauses it"): progress 0 and
//   elapsedDays 0; start and end are those of the year that was broken.
// - paused, Hanafi rule: below nisab during the year, which keeps running because only its start
//   and its end count ("below nisab — only the year end counts"): progress and elapsedDays go on.
//   If the wealth is still below nisab when the year ends, no zakat is due for it and the status
//   is paused as under the majority rule (progress 0) until a threshold starts the next year.
// Milestones dated after today count as they stand, as in ZakatData; a year whose start is still
// to come is running with 0 days elapsed.

export type ZakatYearStatus =
  | { kind: "not-set" }
  | {
      kind: "running" | "paused" | "complete";
      start: string;
      /** the day the year is complete and zakat falls due */
      end: string;
      /** 0–100, an integer */
      progress: number;
      /** days from start to today: 0 before the start, and 0 when paused with the year reset */
      elapsedDays: number;
      /** paused: the day wealth fell below nisab (the threshold-down in force); otherwise null */
      belowSince: string | null;
    };

export function zakatYearStatus(
  milestones: readonly Milestone[],
  rule: HawlRule,
  today: string,
  basis: TrackerYearBasis,
): ZakatYearStatus {
  assertCalendarDay(today);
  const sorted = inOrder(milestones);
  const timeline = deriveTimeline(sorted, rule, basis);
  const start = timeline.zakatYearStart;
  if (start === null) return { kind: "not-set" };
  const end = zakatYearEnd(start, basis);
  const elapsedDays = Math.max(0, daysBetween(start, today));
  const reset = (belowSince: string | null) =>
    ({ kind: "paused", start, end, progress: 0, elapsedDays: 0, belowSince }) as const;

  if (today >= end) {
    if (thresholdStatusOn(sorted, end) === "above") {
      return { kind: "complete", start, end, progress: 100, elapsedDays, belowSince: null };
    }
    return reset(lastDipOnOrBefore(sorted, end));
  }
  const progress = Math.min(99, Math.round((elapsedDays / yearLengthDays[basis]) * 100));
  if (timeline.thresholdStatus === "below") {
    return rule === "majority"
      ? reset(timeline.nissabDate)
      : { kind: "paused", start, end, progress, elapsedDays, belowSince: timeline.nissabDate };
  }
  return { kind: "running", start, end, progress, elapsedDays, belowSince: null };
}

function lastDipOnOrBefore(sorted: readonly Milestone[], day: string): string | null {
  let found: string | null = null;
  for (const m of sorted) {
    if (m.date > day) break;
    if (m.type === "threshold-down") found = m.date;
  }
  return found;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar day ("YYYY-MM-DD") of the instant `now` in an IANA time zone: what "today" is for
 * someone there. Throws a RangeError for an unknown zone.
 */
export function todayIn(timeZone: string, now: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      calendar: "gregory",
      numberingSystem: "latn",
      year: "numeric",
      month: "numeric",
      day: "numeric",
    });
    dayFormats.set(timeZone, format);
  }
  let year = 0;
  let month = 0;
  let day = 0;
  for (const part of format.formatToParts(now)) {
    if (part.type === "year") year = Number(part.value);
    else if (part.type === "month") month = Number(part.value);
    else if (part.type === "day") day = Number(part.value);
  }
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;
}

/**
 * PRODUCT.md: under the majority rule a threshold-down on or before a threshold's due date
 * (its endDate) breaks that year: the year has ended and has no due date. For each such
 * threshold, its id → the day wealth fell below nisab. Under the Hanafi rule a dip does not end
 * the year, so no year is broken and every threshold keeps its date. A threshold-down belongs to
 * the latest threshold before it (rules.ts), so it is looked for between a threshold and the
 * next one.
 */
export function endedYears(milestones: readonly Milestone[], rule: HawlRule): Map<string, string> {
  const ended = new Map<string, string>();
  if (rule !== "majority") return ended;
  let open: Milestone | null = null;
  for (const m of inOrder(milestones)) {
    if (m.type === "threshold") {
      open = m;
    } else if (m.type === "threshold-down" && open !== null) {
      if (open.endDate !== null && m.date > open.date && m.date <= open.endDate) {
        ended.set(open.id, m.date);
      }
      open = null;
    }
  }
  return ended;
}
