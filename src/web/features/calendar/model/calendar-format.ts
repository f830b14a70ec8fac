import {
  formatDay,
  formatDayRange,
  formatDayWithWeekday,
  formatHijriCell,
  formatHijriDay,
  formatHijriMonths,
  formatMonthYear,
  weekdayName,
} from "#domain/dates/index.ts";
import { isLanguage, type Language } from "#domain/language.ts";
import { endOfMonth, startOfMonth, weekDays, type CalendarView } from "./calendar-days";

// The calendar's names and titles in the page's language, from the product's one date helper
// (domain/dates, decision 055). The calendar's components hold the page's BCP 47 tag ("fr-FR");
// its language is the tag's first subtag.

function languageOf(tag: string): Language {
  const lang = tag.slice(0, 2);
  return isLanguage(lang) ? lang : "en";
}

const aSunday = "2023-01-01";

/** Sunday … Saturday in the language: "Sun" / "Sunday" / "S". */
export function weekdayNames(tag: string, width: "narrow" | "short" | "long"): string[] {
  return weekDays(aSunday).map((day) => weekdayName(day, languageOf(tag), width));
}

/** "March 2025", "mars 2025", "maart 2025" */
export function monthTitle(tag: string, day: string): string {
  return formatMonthYear(day, languageOf(tag));
}

/** "Sunday 2 March 2025", "dimanche 2 mars 2025": the full date, for titles and labels. */
export function fullDate(tag: string, day: string): string {
  return formatDayWithWeekday(day, languageOf(tag));
}

/** "2 March 2025", "2 mars 2025", "2 maart 2025": a date in a list row. */
export function mediumDate(tag: string, day: string): string {
  return formatDay(day, languageOf(tag));
}

/** The Gregorian period a view shows: the month, the week as a range, or the day. */
export function periodTitle(view: CalendarView, tag: string, day: string): string {
  if (view === "month") return monthTitle(tag, day);
  if (view === "day") return fullDate(tag, day);
  const days = weekDays(day);
  return formatDayRange(days[0]!, days[6]!, languageOf(tag));
}

/** "2 Ramadan 1446 AH" in the language (Umm al-Qura). */
export function hijriDate(tag: string, day: string): string {
  return formatHijriDay(day, languageOf(tag));
}

/**
 * The Hijri month(s) of the period: "Ramadan 1446 AH", "Shaban – Ramadan 1446 AH",
 * "Dhu al-Hijjah 1446 – Muharram 1447 AH"; for a day, its Hijri date. A month view names the
 * months of its own days, not of the neighbouring days that fill the grid.
 */
export function hijriPeriodTitle(view: CalendarView, tag: string, day: string): string {
  if (view === "day") return hijriDate(tag, day);
  const [first, last] =
    view === "month"
      ? [startOfMonth(day), endOfMonth(day)]
      : [weekDays(day)[0]!, weekDays(day)[6]!];
  return formatHijriMonths(first, last, languageOf(tag));
}

/**
 * The Hijri day in a cell: its number, with the month's name on the 1st of a Hijri month and in
 * the first cell of a view ("1 Ramadan", "12").
 */
export function hijriCellText(tag: string, day: string, firstCell: boolean): string {
  return formatHijriCell(day, languageOf(tag), firstCell);
}
