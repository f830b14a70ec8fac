import { addDays, isCalendarDay, toDayNumber } from "../../../../domain/hawl";

// The calendar's day arithmetic (spec §2 "Calendar", §4 "Calendar view"): pure functions over
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

/** 0 = Sunday … 6 = Saturday. Day 0 (1970-01-01) was a Thursday. */
export function weekdayOf(day: string): number {
  return (((toDayNumber(day) + 4) % 7) + 7) % 7;
}

/** The Sunday on or before `day`. */
export function startOfWeek(day: string): string {
  return addDays(day, -weekdayOf(day));
}

/** Sunday … Saturday of the week holding `day`. */
export function weekDays(day: string): string[] {
  const sunday = startOfWeek(day);
  return Array.from({ length: 7 }, (_, i) => addDays(sunday, i));
}

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

const pad2 = (n: number) => String(n).padStart(2, "0");
const pad4 = (n: number) => String(n).padStart(4, "0");

/** "2025-03-14" → "2025-03" */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function startOfMonth(day: string): string {
  return `${monthOf(day)}-01`;
}

export function endOfMonth(day: string): string {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return `${monthOf(day)}-${pad2(daysInMonth(year, month))}`;
}

/** The same day of the month `months` later, clamped to the month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const dayOfMonth = Math.min(Number(day.slice(8, 10)), daysInMonth(year, month));
  return `${pad4(year)}-${pad2(month)}-${pad2(dayOfMonth)}`;
}

/**
 * The month view: whole weeks (Sunday first) from the week holding the 1st to the week holding
 * the last day, so 4, 5 or 6 rows; days of the neighbouring months fill the first and last rows.
 */
export function monthGrid(day: string): string[][] {
  const first = startOfWeek(startOfMonth(day));
  const last = endOfMonth(day);
  const weeks: string[][] = [];
  for (let sunday = first; sunday <= last; sunday = addDays(sunday, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(sunday, i)));
  }
  return weeks;
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

/** Keyboard moves on the grid (ARIA grid pattern), in days; months for Page Up / Page Down. */
export type GridMove =
  "left" | "right" | "up" | "down" | "weekStart" | "weekEnd" | "previousPeriod" | "nextPeriod";

export function moveFocus(view: CalendarView, day: string, move: GridMove): string {
  switch (move) {
    case "left":
      return safeAddDays(day, -1);
    case "right":
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
