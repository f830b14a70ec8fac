import { isCalendarDay, weekdayOf } from "../hawl/calendar-day.ts";
import { todayIn } from "../hawl/zakat-year.ts";
import type { Language } from "../language.ts";

// Every date a person reads, in one style per language (decision 055): day, month name, year
// ("28 November 2026", "28 novembre 2026", "28 november 2026"), never all digits. Intl gives the
// month and weekday names; the order is ours, so that it does not change with the ICU version
// of the browser or of Node (en-US would put the month first).

/** The BCP 47 tag whose names (and, for times, whose clock) each language uses. */
export const languageTags: Record<Language, string> = {
  en: "en-US",
  fr: "fr-FR",
  nl: "nl-NL",
  ar: "ar",
  tr: "tr-TR",
};

type Names = { months: string[]; weekdays: Record<"long" | "short" | "narrow", string[]> };
const namesCache = new Map<Language, Names>();

function names(lang: Language): Names {
  let found = namesCache.get(lang);
  if (!found) {
    const tag = `${languageTags[lang]}-u-ca-gregory-nu-latn`;
    const month = new Intl.DateTimeFormat(tag, { timeZone: "UTC", day: "numeric", month: "long" });
    const monthOf = (m: number) =>
      month.formatToParts(new Date(Date.UTC(2023, m, 1))).find((p) => p.type === "month")!.value;
    // 2023-01-01 was a Sunday: index 0 = Sunday, as weekdayOf counts
    const weekday = (width: "long" | "short" | "narrow") => {
      const format = new Intl.DateTimeFormat(tag, { timeZone: "UTC", weekday: width });
      return Array.from({ length: 7 }, (_, i) => format.format(new Date(Date.UTC(2023, 0, 1 + i))));
    };
    found = {
      months: Array.from({ length: 12 }, (_, m) => monthOf(m)),
      weekdays: { long: weekday("long"), short: weekday("short"), narrow: weekday("narrow") },
    };
    namesCache.set(lang, found);
  }
  return found;
}

/** "November", "novembre", "november" (1 = January). */
export function monthName(month: number, lang: Language): string {
  return names(lang).months[month - 1] ?? String(month);
}

/** The weekday of a calendar day: "Saturday" / "Sat" / "S" in the language. */
export function weekdayName(day: string, lang: Language, width: "long" | "short" | "narrow") {
  return names(lang).weekdays[width][weekdayOf(day)]!;
}

const parts = (day: string) => ({
  year: Number(day.slice(0, 4)),
  month: Number(day.slice(5, 7)),
  day: Number(day.slice(8, 10)),
});

/** "28 November 2026" / "28 novembre 2026" / "28 november 2026". Anything else is returned as is. */
export function formatDay(day: string, lang: Language): string {
  if (!isCalendarDay(day)) return day;
  const p = parts(day);
  return `${p.day} ${monthName(p.month, lang)} ${p.year}`;
}

/** "28 November" / "28 novembre" / "28 november": a day within a year the reader can see. */
export function formatDayMonth(day: string, lang: Language): string {
  if (!isCalendarDay(day)) return day;
  const p = parts(day);
  return `${p.day} ${monthName(p.month, lang)}`;
}

/** "Saturday 28 November 2026" / "samedi 28 novembre 2026" / "zaterdag 28 november 2026". */
export function formatDayWithWeekday(day: string, lang: Language): string {
  if (!isCalendarDay(day)) return day;
  // Turkish names the weekday last ("28 Kasım 2026 Cumartesi"), Arabic first with its comma
  if (lang === "tr") return `${formatDay(day, lang)} ${weekdayName(day, lang, "long")}`;
  if (lang === "ar") return `${weekdayName(day, lang, "long")}، ${formatDay(day, lang)}`;
  return `${weekdayName(day, lang, "long")} ${formatDay(day, lang)}`;
}

/** "November 2026" / "novembre 2026" / "november 2026": a month's title. */
export function formatMonthYear(day: string, lang: Language): string {
  if (!isCalendarDay(day)) return day;
  const p = parts(day);
  return `${monthName(p.month, lang)} ${p.year}`;
}

/**
 * Two days as one range, naming the month and year once when they share them:
 * "22–28 November 2026", "29 November – 5 December 2026", "27 December 2026 – 2 January 2027".
 */
export function formatDayRange(from: string, to: string, lang: Language): string {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return `${from} – ${to}`;
  const a = parts(from);
  const b = parts(to);
  if (from === to) return formatDay(from, lang);
  if (a.year !== b.year) return `${formatDay(from, lang)} – ${formatDay(to, lang)}`;
  if (a.month !== b.month) {
    return `${a.day} ${monthName(a.month, lang)} – ${formatDay(to, lang)}`;
  }
  return `${a.day}–${formatDay(to, lang)}`;
}

/** An instant (a Date or an ISO 8601 string) is shown as the day it is in `timeZone`. */
function dayOfInstant(instant: Date | string, timeZone: string): string | null {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  if (Number.isNaN(date.getTime())) return null;
  try {
    return todayIn(timeZone, date);
  } catch {
    return todayIn("UTC", date);
  }
}

/** The day of an instant in a time zone: "28 November 2026". */
export function formatInstantDay(instant: Date | string, lang: Language, timeZone: string): string {
  const day = dayOfInstant(instant, timeZone);
  return day === null ? String(instant) : formatDay(day, lang);
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
const atWords: Record<Language, string> = { en: "at", fr: "à", nl: "om", ar: "في", tr: "saat" };

/** "28 November 2026 at 2:05 PM" / "28 novembre 2026 à 14:05" / "28 november 2026 om 14:05". */
export function formatInstant(instant: Date | string, lang: Language, timeZone: string): string {
  const date = typeof instant === "string" ? new Date(instant) : instant;
  const day = dayOfInstant(date, timeZone);
  if (day === null) return String(instant);
  const key = `${lang}|${timeZone}`;
  let format = timeFormats.get(key);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(`${languageTags[lang]}-u-nu-latn`, {
        timeZone,
        timeStyle: "short",
      });
    } catch {
      format = new Intl.DateTimeFormat(`${languageTags[lang]}-u-nu-latn`, {
        timeZone: "UTC",
        timeStyle: "short",
      });
    }
    timeFormats.set(key, format);
  }
  return `${formatDay(day, lang)} ${atWords[lang]} ${format.format(date)}`;
}
