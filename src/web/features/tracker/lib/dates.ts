import {
  daysBetween,
  formatHijri,
  todayIn,
  toDayNumber,
  utcInstant,
  wholeMonthsBetween,
  type HawlLanguage,
} from "../../../../domain/hawl/index";
import { localeTags } from "~/app/i18n";
import type { Language } from "~/app/route-table";

// Dates of the tracker as the screens show them. A milestone's date is a calendar day
// ("YYYY-MM-DD"), formatted in UTC so that no time zone ever moves it by a day.

const instant = (day: string) => utcInstant(toDayNumber(day));

/** The browser's IANA time zone (UTC when it cannot be read). */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** Today as a calendar day in the browser's time zone. */
export function useToday(): string {
  return todayIn(browserTimeZone(), new Date());
}

const gregorianGB = new Intl.DateTimeFormat("en-GB", {
  timeZone: "UTC",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
});

/** Spec "Milestone timeline component": Gregorian dates as en-GB day/month/year (01/03/2026). */
export function formatGregorian(day: string): string {
  return gregorianGB.format(instant(day));
}

/** The Hijri date next to it: day/month/year AH on the Umm al-Qura calendar. */
export function formatHijriDay(day: string, lang: Language): string {
  return formatHijri(day, lang as HawlLanguage);
}

const longFormats = new Map<Language, Intl.DateTimeFormat>();
/** "1 March 2026" / "1 mars 2026" / "1 maart 2026" (en-US in English: "March 1, 2026"). */
export function formatDayLong(day: string, lang: Language): string {
  let format = longFormats.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(localeTags[lang], { timeZone: "UTC", dateStyle: "long" });
    longFormats.set(lang, format);
  }
  return format.format(instant(day));
}

/**
 * How long ago (or how far ahead) `day` is from `today`, in the page's language: "today",
 * "3 days ago", "in 2 months", "last year". Days under a whole calendar month, months under a
 * year, then years.
 */
export function relativeDay(day: string, today: string, lang: Language): string {
  const format = new Intl.RelativeTimeFormat(localeTags[lang], { numeric: "auto" });
  const months = wholeMonthsBetween(today, day); // negative: in the past
  if (months === 0) return format.format(daysBetween(today, day), "day");
  if (Math.abs(months) < 12) return format.format(months, "month");
  return format.format(Math.trunc(months / 12), "year");
}

/** The domain's language type: the web's languages are the same three. */
export function hawlLanguage(lang: Language): HawlLanguage {
  return lang;
}
