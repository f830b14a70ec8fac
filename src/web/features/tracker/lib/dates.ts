import { daysBetween, todayIn, type HawlLanguage } from "#domain/hawl/index.ts";
import { elapsedHijri } from "#domain/hawl/hijri.ts";
import { formatDay, formatHijriDay as hijriDay } from "#domain/dates/index.ts";
import { localeTags } from "~/app/i18n";
import type { Language } from "~/app/route-table";
import { browserTimeZone } from "~/lib/format";

// Dates of the tracker as the screens show them, through the product's one date helper
// (domain/dates, decision 055). A milestone's date is a calendar day ("YYYY-MM-DD"): no time zone
// ever moves it by a day.

export { browserTimeZone };

/** Today as a calendar day in the browser's time zone. */
export function useToday(): string {
  return todayIn(browserTimeZone(), new Date());
}

/** A milestone's Gregorian day: "1 March 2026" / "1 mars 2026" / "1 maart 2026". */
export function formatGregorian(day: string, lang: Language): string {
  return formatDay(day, lang);
}

/** The Hijri date next to it (Umm al-Qura): "1 Ramadan 1447 AH". */
export function formatHijriDay(day: string, lang: Language): string {
  return hijriDay(day, lang);
}

/** The same as formatGregorian: one date style everywhere (decision 055). */
export function formatDayLong(day: string, lang: Language): string {
  return formatDay(day, lang);
}

/**
 * How long ago (or how far ahead) `day` is from `today`, in the page's language: "today",
 * "3 days ago", "in 2 months", "last year". Days under a whole month, months under a year, then
 * years. Months are Hijri months, so the line agrees with "Elapsed (Hijri)" beside it.
 */
export function relativeDay(day: string, today: string, lang: Language): string {
  const format = new Intl.RelativeTimeFormat(localeTags[lang], { numeric: "auto" });
  const months = day <= today ? -hijriMonthsBetween(day, today) : hijriMonthsBetween(today, day);
  if (months === 0) return format.format(daysBetween(today, day), "day");
  if (Math.abs(months) < 12) return format.format(months, "month");
  return format.format(Math.trunc(months / 12), "year");
}

/** Whole Hijri months from `from` to the later day `to`. */
function hijriMonthsBetween(from: string, to: string): number {
  const elapsed = elapsedHijri(from, to);
  return elapsed.kind === "elapsed" ? elapsed.years * 12 + elapsed.months : 0;
}

/** The domain's language type: the web's languages are the same three. */
export function hawlLanguage(lang: Language): HawlLanguage {
  return lang;
}
