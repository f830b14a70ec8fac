import { isCalendarDay } from "../hawl/calendar-day.ts";
import { hijriParts } from "../hawl/hijri.ts";
import type { Language } from "../language.ts";
import { hijriEra, hijriMonthNames } from "./hijri-months.ts";

// Hijri dates in the same order as the Gregorian ones (day, month name, year, era): the numbers
// are Umm al-Qura's, read from Intl (domain/hawl/hijri.ts), the names are the product's table.

/** "Ramadan", "ramadan", "Ramadan" (1 = Muharram). */
export function hijriMonthName(month: number, lang: Language): string {
  return hijriMonthNames[lang][month - 1] ?? String(month);
}

/** "18 Jumada al-Thani 1448 AH" / "18 joumada ath-thania 1448 AH" / "18 Djoemada al-Akhira 1448 AH". */
export function formatHijriDay(day: string, lang: Language): string {
  if (!isCalendarDay(day)) return day;
  const h = hijriParts(day);
  return `${h.day} ${hijriMonthName(h.month, lang)} ${h.year} ${hijriEra[lang]}`;
}

/**
 * The Hijri month(s) two days fall in: "Ramadan 1446 AH", "Shaban – Ramadan 1446 AH",
 * "Dhu al-Hijjah 1446 – Muharram 1447 AH".
 */
export function formatHijriMonths(from: string, to: string, lang: Language): string {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return `${from} – ${to}`;
  const a = hijriParts(from);
  const b = hijriParts(to);
  const era = hijriEra[lang];
  const last = `${hijriMonthName(b.month, lang)} ${b.year} ${era}`;
  if (a.year === b.year && a.month === b.month) return last;
  if (a.year === b.year) return `${hijriMonthName(a.month, lang)} – ${last}`;
  return `${hijriMonthName(a.month, lang)} ${a.year} – ${last}`;
}

/** A calendar cell's Hijri day: "1 Rajab" on a month's first day (or when asked), else "12". */
export function formatHijriCell(day: string, lang: Language, withMonth: boolean): string {
  if (!isCalendarDay(day)) return day;
  const h = hijriParts(day);
  return h.day === 1 || withMonth ? `${h.day} ${hijriMonthName(h.month, lang)}` : String(h.day);
}

/** The Umm al-Qura day of the month alone ("12"), for a cell too small for a month's name. */
export function formatHijriDayOfMonth(day: string): string {
  return isCalendarDay(day) ? String(hijriParts(day).day) : day;
}
