import { hijriParts } from "../../../../domain/hawl";
import { endOfMonth, startOfMonth, weekDays, type CalendarView } from "./calendar-days";

// Names and titles from Intl in the page's language (a BCP 47 tag such as "fr-FR"): weekday and
// month names, the period shown, and its Umm al-Qura (Hijri) months. Formatters are cached: a
// month view formats 42 cells at every render.

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(
  tag: string,
  calendar: "gregory" | "islamic-umalqura",
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${tag}|${calendar}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(`${tag}-u-ca-${calendar}-nu-latn`, {
      ...options,
      timeZone: "UTC",
    });
    formatters.set(key, format);
  }
  return format;
}

/** 00:00 UTC of a calendar day, the instant the formatters (in UTC) read as that day. */
function instant(day: string): Date {
  const date = new Date(0);
  date.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8)));
  return date;
}

const aSunday = "2023-01-01";

/** Sunday … Saturday in the language: "Sun" / "Sunday" / "S". */
export function weekdayNames(tag: string, width: "narrow" | "short" | "long"): string[] {
  const format = formatter(tag, "gregory", { weekday: width });
  return weekDays(aSunday).map((day) => format.format(instant(day)));
}

/** "March 2025", "mars 2025", "maart 2025" */
export function monthTitle(tag: string, day: string): string {
  return formatter(tag, "gregory", { month: "long", year: "numeric" }).format(instant(day));
}

/** "Sunday, March 2, 2025", "dimanche 2 mars 2025": the full date, for titles and labels. */
export function fullDate(tag: string, day: string): string {
  return formatter(tag, "gregory", { dateStyle: "full" }).format(instant(day));
}

/** "Mar 2, 2025", "2 mars 2025", "2 mrt 2025": a date in a list row. */
export function mediumDate(tag: string, day: string): string {
  return formatter(tag, "gregory", { dateStyle: "medium" }).format(instant(day));
}

/** The Gregorian period a view shows: the month, the week as a range, or the day. */
export function periodTitle(view: CalendarView, tag: string, day: string): string {
  if (view === "month") return monthTitle(tag, day);
  if (view === "day") return fullDate(tag, day);
  const days = weekDays(day);
  return formatter(tag, "gregory", { day: "numeric", month: "short", year: "numeric" }).formatRange(
    instant(days[0]!),
    instant(days[6]!),
  );
}

/** "2 Ramadan 1446 AH" in the language (Umm al-Qura). */
export function hijriDate(tag: string, day: string): string {
  return formatter(tag, "islamic-umalqura", {
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(instant(day));
}

/**
 * The Hijri month(s) of the period: "Ramadan 1446 AH", "Shaʻban – Ramadan 1446 AH",
 * "Dhuʻl-Hijjah 1446 – Muharram 1447 AH"; for a day, its Hijri date. A month view names the
 * months of its own days, not of the neighbouring days that fill the grid.
 */
export function hijriPeriodTitle(view: CalendarView, tag: string, day: string): string {
  if (view === "day") return hijriDate(tag, day);
  const [first, last] =
    view === "month"
      ? [startOfMonth(day), endOfMonth(day)]
      : [weekDays(day)[0]!, weekDays(day)[6]!];
  return formatter(tag, "islamic-umalqura", { month: "long", year: "numeric" }).formatRange(
    instant(first),
    instant(last),
  );
}

/**
 * The Hijri day in a cell: its number, with the short month name on the 1st of a Hijri month
 * and in the first cell of a view ("1 Ram.", "12").
 */
export function hijriCellText(tag: string, day: string, firstCell: boolean): string {
  const { day: n } = hijriParts(day);
  if (n !== 1 && !firstCell) return String(n);
  return formatter(tag, "islamic-umalqura", { day: "numeric", month: "short" }).format(
    instant(day),
  );
}
