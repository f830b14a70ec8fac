// Calendar days as "YYYY-MM-DD" strings (proleptic Gregorian, years 0001–9999). A milestone
// happens on a day, not at an instant, so there is no time zone here: arithmetic goes through a
// day number (days since 1970-01-01) computed in UTC, where every day has 24 hours.

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const msPerDay = 86_400_000;

/** True for a real calendar day written "YYYY-MM-DD" (2024-02-30 and 2023-02-29 are not). */
export function isCalendarDay(value: string): boolean {
  const match = dayPattern.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  return d <= daysInMonth(y, m);
}

/** Throws a RangeError on anything that is not a calendar day: a caller bug, not a user error. */
export function assertCalendarDay(value: string): void {
  if (!isCalendarDay(value)) throw new RangeError(`not a calendar day (YYYY-MM-DD): ${value}`);
}

export function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Days since 1970-01-01 (negative before). */
export function toDayNumber(day: string): number {
  assertCalendarDay(day);
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps the years 0–99 to 1900–1999
  date.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8)));
  return Math.round(date.getTime() / msPerDay);
}

export function fromDayNumber(dayNumber: number): string {
  const date = new Date(dayNumber * msPerDay);
  const y = date.getUTCFullYear();
  if (y < 1 || y > 9999) throw new RangeError(`day out of range: ${dayNumber}`);
  return `${String(y).padStart(4, "0")}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

/** The instant 00:00 UTC of that day, the one `Intl` formats in time zone UTC. */
export function utcInstant(dayNumber: number): Date {
  return new Date(dayNumber * msPerDay);
}

export function addDays(day: string, days: number): string {
  return fromDayNumber(toDayNumber(day) + days);
}

/** `to` − `from` in days. */
export function daysBetween(from: string, to: string): number {
  return toDayNumber(to) - toDayNumber(from);
}

export function pad2(n: number): string {
  return String(n).padStart(2, "0");
}

// ---- Months and weeks: the calendar page and the date picker lay days out with these.

/** 0 = Sunday … 6 = Saturday. Day 0 (1970-01-01) was a Thursday. */
export function weekdayOf(day: string): number {
  return (((toDayNumber(day) + 4) % 7) + 7) % 7;
}

/** The first day of the week holding `day`, weeks starting on `weekStart` (0 = Sunday). */
export function startOfWeek(day: string, weekStart = 0): string {
  return addDays(day, -((weekdayOf(day) - weekStart + 7) % 7));
}

/** "2025-03-14" → "2025-03" */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

export function startOfMonth(day: string): string {
  return `${monthOf(day)}-01`;
}

export function endOfMonth(day: string): string {
  return `${monthOf(day)}-${pad2(daysInMonth(Number(day.slice(0, 4)), Number(day.slice(5, 7))))}`;
}

/** The same day of the month `months` later, clamped to the month's end (31 Jan + 1 → 28/29 Feb). */
export function addMonths(day: string, months: number): string {
  const index = Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1 + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  const dayOfMonth = Math.min(Number(day.slice(8, 10)), daysInMonth(year, month));
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(dayOfMonth)}`;
}

/**
 * Whole calendar months from `from` to `to` (negative when `to` is earlier): the most n with
 * addMonths(from, n) not past `to`. 31 Jan → 28 Feb is 1 month (the month end is clamped).
 */
export function wholeMonthsBetween(from: string, to: string): number {
  if (to < from) return -wholeMonthsBetween(to, from);
  let n = (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12;
  n += Number(to.slice(5, 7)) - Number(from.slice(5, 7));
  while (n > 0 && addMonths(from, n) > to) n -= 1;
  return n;
}

/**
 * A month laid out in whole weeks starting on `weekStart` (0 = Sunday): from the week holding
 * the 1st to the week holding the last day, 4 to 6 rows, neighbouring months' days filling the
 * first and last rows.
 */
export function monthGrid(day: string, weekStart = 0): string[][] {
  const last = endOfMonth(day);
  const weeks: string[][] = [];
  for (let first = startOfWeek(startOfMonth(day), weekStart); first <= last;) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(first, i)));
    first = addDays(first, 7);
  }
  return weeks;
}
