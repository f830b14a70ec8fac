import {
  addDays,
  addMonths,
  isCalendarDay,
  monthGrid,
  startOfMonth,
  startOfWeek,
  toDayNumber,
} from "#domain/hawl/index.ts";

// Month and week arithmetic is the domain's (domain/hawl/calendar-day.ts); re-exported for the
// calendar's modules.
export {
  addMonths,
  daysInMonth,
  endOfMonth,
  isLeapYear,
  monthGrid,
  monthOf,
  startOfMonth,
  startOfWeek,
  weekdayOf,
} from "#domain/hawl/index.ts";

// The calendar's day arithmetic (spec §2 "Calendar", §4 "Calendar view"): functions over
// calendar days "YYYY-MM-DD". Weeks start on Sunday. No time zone here: "today" is computed once
// by the page (todayIn) and handed in.

export const calendarViews = ["month", "week", "day"] as const;
export type CalendarView = (typeof calendarViews)[number];

/** The days the calendar can show; navigation stops at the ends. */
export const firstShownDay = "1900-01-01";
export const lastShownDay = "2199-12-31";

export function clampDay(day: string): string {
  return day < firstShownDay ? firstShownDay : day > lastShownDay ? lastShownDay : day;
}

/** Sunday … Saturday of the week holding `day`. */
export function weekDays(day: string): string[] {
  const sunday = startOfWeek(day);
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

/** Every day the view shows around `day`, in order. */
export function visibleDays(view: CalendarView, day: string): string[] {
  if (view === "month") return monthGrid(day).flat();
  if (view === "week") return weekDays(day);
  return [day];
}

/**
 * The period before (-1) or after (+1) the one shown: a month (same day, clamped), a week or a
 * day. Kept within the days the calendar shows.
 */
export function shiftDate(view: CalendarView, day: string, step: -1 | 1): string {
  if (view === "month") return clampDay(addMonths(day, step));
  return safeAddDays(day, (view === "week" ? 7 : 1) * step);
}

/**
 * The day Previous / Next focuses. A month step lands on the new month's first day, or on today
 * when that month holds it: carrying the day-of-month over (14 March → 14 February) made the week
 * view open on an arbitrary week of the month. Weeks and days move as shiftDate.
 */
export function stepPeriod(view: CalendarView, day: string, step: -1 | 1, today: string): string {
  if (view !== "month") return shiftDate(view, day, step);
  const first = addMonths(startOfMonth(day), step);
  return clampDay(first.slice(0, 7) === today.slice(0, 7) ? today : first);
}

/** Keyboard moves on the grid (ARIA grid pattern), in days; months for Page Up / Page Down. */
export type GridMove =
  | "previousDay"
  | "nextDay"
  | "up"
  | "down"
  | "weekStart"
  | "weekEnd"
  | "previousPeriod"
  | "nextPeriod";

export function moveFocus(view: CalendarView, day: string, move: GridMove): string {
  switch (move) {
    case "previousDay":
      return safeAddDays(day, -1);
    case "nextDay":
      return safeAddDays(day, 1);
    case "up":
      return safeAddDays(day, -7);
    case "down":
      return safeAddDays(day, 7);
    case "weekStart":
      return clampDay(startOfWeek(day));
    case "weekEnd":
      return clampDay(addDays(startOfWeek(day), 6));
    case "previousPeriod":
      return shiftDate(view, day, -1);
    case "nextPeriod":
      return shiftDate(view, day, 1);
  }
}

function safeAddDays(day: string, days: number): string {
  const target = toDayNumber(day) + days;
  if (target < toDayNumber(firstShownDay)) return firstShownDay;
  if (target > toDayNumber(lastShownDay)) return lastShownDay;
  return addDays(day, days);
}

/** A day the calendar can show, or null ("2025-02-30", "1800-01-01", "x" are not). */
export function parseShownDay(value: string | null): string | null {
  if (value === null || !isCalendarDay(value)) return null;
  return value >= firstShownDay && value <= lastShownDay ? value : null;
}
