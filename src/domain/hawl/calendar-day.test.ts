import { describe, expect, it } from "vitest";
import {
  addMonths,
  endOfMonth,
  monthGrid,
  startOfWeek,
  weekdayOf,
  wholeMonthsBetween,
} from "./calendar-day.ts";

describe("months and weeks", () => {
  it.each([
    // day, months, result
    ["2025-01-31", 1, "2025-02-28"],
    ["2024-01-31", 1, "2024-02-29"],
    ["2025-03-31", -1, "2025-02-28"],
    ["2025-12-15", 1, "2026-01-15"],
    ["2025-01-15", -13, "2023-12-15"],
    ["0001-01-01", 0, "0001-01-01"],
  ])("addMonths(%s, %i) = %s", (day, months, result) => {
    expect(addMonths(day, months)).toBe(result);
  });

  it.each([
    // from, to, whole months
    ["2025-01-31", "2025-02-28", 1],
    ["2025-03-01", "2025-03-31", 0],
    ["2025-03-15", "2025-04-14", 0],
    ["2025-03-15", "2025-04-15", 1],
    ["2025-03-15", "2026-03-15", 12],
    ["2026-03-15", "2025-03-16", -11],
    ["2025-05-05", "2025-05-05", 0],
  ])("wholeMonthsBetween(%s, %s) = %i", (from, to, months) => {
    expect(wholeMonthsBetween(from, to)).toBe(months);
  });

  it.each([
    ["1970-01-01", 4, "1969-12-28", "1969-12-29"],
    ["2025-11-23", 0, "2025-11-23", "2025-11-17"],
  ])("%s: weekday %i, Sunday week starts %s, Monday week starts %s", (day, wd, sun, mon) => {
    expect(weekdayOf(day)).toBe(wd);
    expect(startOfWeek(day)).toBe(sun);
    expect(startOfWeek(day, 1)).toBe(mon);
  });

  it("lays a month out in whole weeks from the given week start", () => {
    // February 2026 starts on a Sunday and has 28 days: exactly 4 Sunday weeks, 5 Monday weeks
    expect(monthGrid("2026-02-10")).toHaveLength(4);
    expect(monthGrid("2026-02-10", 1)).toHaveLength(5);
    expect(monthGrid("2026-02-10", 1)[0]![0]).toBe("2026-01-26");
    expect(endOfMonth("2026-02-10")).toBe("2026-02-28");
  });
});
