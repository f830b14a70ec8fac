import { assertCalendarDay, fromDayNumber, toDayNumber, utcInstant } from "./calendar-day.ts";
import { languages, type Language } from "../language.ts";

// Hijri dates on the Umm al-Qura calendar, read from ICU through Intl (`islamic-umalqura`), never
// from a 354-day approximation (PRODUCT.md "Corrections to the spec"). ICU's Umm al-Qura table
// covers 1300–1600 AH (1882–2174); outside it ICU falls back to the arithmetic Islamic calendar,
// which is still a calendar of 29- and 30-day months, so everything below keeps working.
//
// Intl only converts Gregorian → Hijri. The other direction (needed for "one Hijri year later")
// is a short search: estimate the day from the mean month length, read its Hijri date, step.
// Results are memoised by day: a timeline asks for the same few hundred days again and again.

export type HawlLanguage = Language;
export const hawlLanguages: readonly HawlLanguage[] = languages;

export interface HijriDate {
  year: number;
  /** 1 = Muharram … 9 = Ramadan … 12 = Dhu al-Hijjah */
  month: number;
  day: number;
}

const numeric = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", {
  timeZone: "UTC",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});

const memoLimit = 50_000;
function memo<V>(fn: (key: string) => V): (key: string) => V {
  const cache = new Map<string, V>();
  return (key) => {
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const value = fn(key);
    if (cache.size >= memoLimit) cache.clear(); // bounded; a miss only costs a recomputation
    cache.set(key, value);
    return value;
  };
}

function partsOfDayNumber(dayNumber: number): HijriDate {
  const out = { year: 0, month: 0, day: 0 };
  for (const part of numeric.formatToParts(utcInstant(dayNumber))) {
    if (part.type === "year") out.year = Number(part.value);
    else if (part.type === "month") out.month = Number(part.value);
    else if (part.type === "day") out.day = Number(part.value);
  }
  return out;
}

const partsByDay = memo((day: string): HijriDate => partsOfDayNumber(toDayNumber(day)));

/** The Umm al-Qura date of a calendar day. */
export function hijriParts(date: string): HijriDate {
  assertCalendarDay(date);
  return { ...partsByDay(date) };
}

const meanMonth = 29.530_59;
const monthIndex = (year: number, month: number) => year * 12 + (month - 1);

/** Day number of the first day of a Hijri month, searched from an estimate. */
function firstOfMonth(year: number, month: number): number {
  const target = monthIndex(year, month);
  // 1 Muharram 1 AH is day −492_148 (622-07-19 proleptic Gregorian, as ICU counts it)
  let guess = Math.round(-492_148 + (target - 12) * meanMonth);
  for (let step = 0; step < 64; step++) {
    const p = partsOfDayNumber(guess);
    const k = target - monthIndex(p.year, p.month);
    if (k === 0) return guess - (p.day - 1);
    // k > 0: jump past the end of this month (months have at most 30 days), then whole months;
    // k < 0: back to the last day of the previous month, then whole months.
    guess +=
      k > 0
        ? 31 - p.day + Math.round((k - 1) * meanMonth)
        : -p.day - Math.round((-k - 1) * meanMonth);
  }
  throw new RangeError(`no Hijri month ${year}-${month}`);
}

/** 29 or 30. */
export function hijriMonthLength(year: number, month: number): number {
  const next = month === 12 ? firstOfMonth(year + 1, 1) : firstOfMonth(year, month + 1);
  return next - firstOfMonth(year, month);
}

/**
 * The calendar day of a Hijri date. A day past the end of its month is clamped to the month's
 * last day (30 Sha'ban in a year where Sha'ban has 29 days → 29 Sha'ban).
 */
export function fromHijri(year: number, month: number, day: number): string {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12 || day < 1) {
    throw new RangeError(`not a Hijri date: ${year}-${month}-${day}`);
  }
  const clamped = Math.min(day, hijriMonthLength(year, month));
  return fromDayNumber(firstOfMonth(year, month) + clamped - 1);
}

/**
 * The same Hijri day `months` Umm al-Qura months later, clamped to the month end when that day
 * does not exist (30 → 29). Review milestones and elapsed time use this.
 */
export function addHijriMonths(date: string, months: number): string {
  const p = hijriParts(date);
  const index = monthIndex(p.year, p.month) + months;
  return fromHijri(Math.floor(index / 12), (index % 12) + 1, p.day);
}

const yearLater = memo((date: string): string => addHijriMonths(date, 12));

/**
 * A threshold's end date (spec §9, PRODUCT.md): the same Hijri day one Umm al-Qura year later,
 * clamped to the month end when the day does not exist. 354 or 355 days, 353 after a clamp.
 */
export function addHijriYear(date: string): string {
  assertCalendarDay(date);
  return yearLater(date);
}

// --- elapsed time -----------------------------------------------------------------------------

export type ElapsedHijri =
  | { kind: "no-date" }
  | { kind: "future" }
  | { kind: "elapsed"; years: number; months: number; days: number };

/**
 * Hijri time from `from` to `today`: the most whole Umm al-Qura months n such that `from` plus
 * n months (clamped as in addHijriMonths) is not after today, as years and months, then the days
 * left. From 30 Sha'ban to 29 Ramadan of a 29-day Ramadan is therefore 1 month 0 days.
 */
export function elapsedHijri(from: string | null, today: string): ElapsedHijri {
  assertCalendarDay(today);
  if (from === null || from === "") return { kind: "no-date" };
  assertCalendarDay(from);
  if (from > today) return { kind: "future" };
  const a = hijriParts(from);
  const b = hijriParts(today);
  let months = monthIndex(b.year, b.month) - monthIndex(a.year, a.month);
  let anchor = addHijriMonths(from, months);
  if (anchor > today) {
    months -= 1;
    anchor = addHijriMonths(from, months);
  }
  return {
    kind: "elapsed",
    years: Math.floor(months / 12),
    months: months % 12,
    days: toDayNumber(today) - toDayNumber(anchor),
  };
}
