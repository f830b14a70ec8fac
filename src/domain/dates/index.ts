// The one place dates become text (decision 055): web pages, e-mails and the calendar feed all
// format through these, in one style per language and one Hijri spelling per language.
// tests/unit/date-format-lint.test.ts fails on a date formatted anywhere else.

export {
  formatDay,
  formatDayMonth,
  formatDayRange,
  formatDayWithWeekday,
  formatInstant,
  formatInstantDay,
  formatMonthYear,
  monthName,
  weekdayName,
} from "./gregorian.ts";
export {
  formatHijriCell,
  formatHijriDay,
  formatHijriDayOfMonth,
  formatHijriMonths,
  hijriMonthName,
} from "./hijri.ts";
export { hijriMonthNames } from "./hijri-months.ts";
export { formatTimeZone } from "./time-zone.ts";
