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

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
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
