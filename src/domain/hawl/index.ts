// The hawl tracker's rules (spec §4, §5, §9; PRODUCT.md): milestones, the derived timeline, the
// zakat year, Umm al-Qura dates. Pure: the clock and the time zone are parameters.
// Not the obligations' payments (./payments.ts): their arithmetic is decimal.js's, which the
// pages that show the timeline do not need; import them from there (issue 12).

export {
  addDays,
  addMonths,
  assertCalendarDay,
  daysBetween,
  daysInMonth,
  endOfMonth,
  fromDayNumber,
  isCalendarDay,
  isLeapYear,
  monthGrid,
  monthOf,
  startOfMonth,
  startOfWeek,
  toDayNumber,
  utcInstant,
  weekdayOf,
  wholeMonthsBetween,
} from "./calendar-day.ts";
export * from "./hijri.ts";
export * from "./milestone.ts";
export * from "./reminders.ts";
export * from "./reviews.ts";
export * from "./rules.ts";
export * from "./timeline.ts";
export * from "./titles.ts";
export * from "./zakat-year.ts";
