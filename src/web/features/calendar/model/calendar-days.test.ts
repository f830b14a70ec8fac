import { describe, expect, it } from "vitest";
import {
  addMonths,
  clampDay,
  daysInMonth,
  endOfMonth,
  monthGrid,
  moveFocus,
  parseShownDay,
  shiftDate,
  startOfWeek,
  stepPeriod,
  visibleDays,
  weekDays,
  weekdayOf,
  type CalendarView,
  type GridMove,
} from "./calendar-days";

// The Date object's own weekday, as an independent check of weekdayOf.
const jsWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

describe("weekdayOf (0 = Sunday)", () => {
  it.each([
    ["1970-01-01", 4],
    ["1969-12-31", 3],
    ["2025-03-01", 6],
    ["2025-03-02", 0],
    ["2025-06-01", 0],
    ["2024-02-29", 4],
    ["2000-01-01", 6],
    ["1900-01-01", 1],
    ["2199-12-31", 2],
  ])("%s → %i", (day, expected) => {
    expect(weekdayOf(day)).toBe(expected);
    expect(jsWeekday(day)).toBe(expected);
  });

  it("agrees with Date for every day of 2023–2025", () => {
    for (let t = Date.UTC(2023, 0, 1); t <= Date.UTC(2025, 11, 31); t += 86_400_000) {
      const day = new Date(t).toISOString().slice(0, 10);
      expect(weekdayOf(day), day).toBe(new Date(t).getUTCDay());
    }
  });
});

describe("weeks start on Sunday", () => {
  it.each([
    ["2025-03-02", "2025-03-02"], // a Sunday is its own week's start
    ["2025-03-08", "2025-03-02"], // Saturday
    ["2025-03-01", "2025-02-23"], // across a month boundary
    ["2026-01-01", "2025-12-28"], // across a year boundary
    ["2024-03-01", "2024-02-25"], // after a leap day
  ])("startOfWeek(%s) = %s", (day, sunday) => {
    expect(startOfWeek(day)).toBe(sunday);
  });

  it("weekDays: Sunday to Saturday across a year end", () => {
    expect(weekDays("2025-12-31")).toEqual([
      "2025-12-28",
      "2025-12-29",
      "2025-12-30",
      "2025-12-31",
      "2026-01-01",
      "2026-01-02",
      "2026-01-03",
    ]);
  });
});

describe("daysInMonth and endOfMonth", () => {
  it.each([
    [2024, 2, 29],
    [2025, 2, 28],
    [2000, 2, 29],
    [1900, 2, 28],
    [2025, 4, 30],
    [2025, 12, 31],
  ])("%i-%i has %i days", (year, month, days) => {
    expect(daysInMonth(year, month)).toBe(days);
  });

  it.each([
    ["2024-02-10", "2024-02-29"],
    ["2025-02-10", "2025-02-28"],
    ["2025-11-30", "2025-11-30"],
    ["2025-12-01", "2025-12-31"],
  ])("endOfMonth(%s) = %s", (day, end) => {
    expect(endOfMonth(day)).toBe(end);
  });
});

describe("addMonths clamps to the month end", () => {
  it.each([
    ["2025-01-31", 1, "2025-02-28"],
    ["2024-01-31", 1, "2024-02-29"],
    ["2024-02-29", 12, "2025-02-28"],
    ["2025-03-31", -1, "2025-02-28"],
    ["2025-12-15", 1, "2026-01-15"],
    ["2025-01-15", -1, "2024-12-15"],
    ["2025-05-31", -13, "2024-04-30"],
    ["2025-03-14", 0, "2025-03-14"],
  ])("%s %+i → %s", (day, months, expected) => {
    expect(addMonths(day, months)).toBe(expected);
  });
});

describe("monthGrid: whole Sunday-first weeks around the month", () => {
  it.each([
    // month, first cell, last cell, weeks; why the case matters
    ["2025-03-14", "2025-02-23", "2025-04-05", 6], // starts on Saturday, 31 days: 6 weeks
    ["2025-06-10", "2025-06-01", "2025-07-05", 5], // starts on Sunday: no leading days
    ["2026-02-01", "2026-02-01", "2026-02-28", 4], // Sunday start, 28 days: exactly 4 weeks
    ["2015-02-20", "2015-02-01", "2015-02-28", 4], // same, another year
    ["2024-02-29", "2024-01-28", "2024-03-02", 5], // leap February
    ["2025-02-01", "2025-01-26", "2025-03-01", 5], // February starting on Saturday
    ["2026-08-31", "2026-07-26", "2026-09-05", 6], // Saturday start again
    ["2025-05-31", "2025-04-27", "2025-05-31", 5], // ends on Saturday: no trailing days
    ["2025-12-25", "2025-11-30", "2026-01-03", 5], // year boundary in the last row
    ["2026-01-01", "2025-12-28", "2026-01-31", 5], // year boundary in the first row
  ])("%s: %s … %s, %i weeks", (day, first, last, weeks) => {
    const grid = monthGrid(day);
    expect(grid).toHaveLength(weeks);
    expect(grid[0]![0]).toBe(first);
    expect(grid.at(-1)![6]).toBe(last);
    for (const week of grid) {
      expect(week).toHaveLength(7);
      expect(weekdayOf(week[0]!)).toBe(0);
    }
    const flat = grid.flat();
    // consecutive days, and every day of the month is there exactly once
    for (let i = 1; i < flat.length; i++) {
      expect(
        new Date(`${flat[i]}T00:00:00Z`).getTime() - new Date(`${flat[i - 1]}T00:00:00Z`).getTime(),
      ).toBe(86_400_000);
    }
    const month = day.slice(0, 7);
    const own = flat.filter((d) => d.startsWith(month));
    expect(own[0]).toBe(`${month}-01`);
    expect(own.at(-1)).toBe(endOfMonth(day));
  });

  it("every month of 2000–2030 has 4 to 6 weeks and starts on or before the 1st", () => {
    for (let year = 2000; year <= 2030; year++) {
      for (let month = 1; month <= 12; month++) {
        const day = `${year}-${String(month).padStart(2, "0")}-15`;
        const grid = monthGrid(day);
        expect(grid.length).toBeGreaterThanOrEqual(4);
        expect(grid.length).toBeLessThanOrEqual(6);
        expect(grid[0]![0]! <= `${day.slice(0, 7)}-01`).toBe(true);
        expect(grid[0]!.includes(`${day.slice(0, 7)}-01`)).toBe(true);
      }
    }
  });
});

describe("visibleDays", () => {
  it.each<[CalendarView, string, number, string, string]>([
    ["month", "2025-03-14", 42, "2025-02-23", "2025-04-05"],
    ["month", "2026-02-10", 28, "2026-02-01", "2026-02-28"],
    ["week", "2025-03-14", 7, "2025-03-09", "2025-03-15"],
    ["day", "2025-03-14", 1, "2025-03-14", "2025-03-14"],
  ])("%s of %s: %i days, %s … %s", (view, day, count, first, last) => {
    const days = visibleDays(view, day);
    expect(days).toHaveLength(count);
    expect(days[0]).toBe(first);
    expect(days.at(-1)).toBe(last);
  });
});

describe("shiftDate: previous and next period", () => {
  it.each<[CalendarView, string, -1 | 1, string]>([
    ["month", "2025-03-31", -1, "2025-02-28"],
    ["month", "2024-03-31", -1, "2024-02-29"],
    ["month", "2025-12-10", 1, "2026-01-10"],
    ["month", "2025-01-10", -1, "2024-12-10"],
    ["week", "2025-03-01", -1, "2025-02-22"],
    ["week", "2025-12-29", 1, "2026-01-05"],
    ["day", "2024-02-28", 1, "2024-02-29"],
    ["day", "2025-02-28", 1, "2025-03-01"],
    ["day", "2025-01-01", -1, "2024-12-31"],
    // the ends of the calendar
    ["day", "1900-01-01", -1, "1900-01-01"],
    ["week", "1900-01-03", -1, "1900-01-01"],
    ["month", "1900-01-20", -1, "1900-01-01"],
    ["day", "2199-12-31", 1, "2199-12-31"],
    ["month", "2199-12-20", 1, "2199-12-31"],
  ])("%s %s %+i → %s", (view, day, step, expected) => {
    expect(shiftDate(view, day, step)).toBe(expected);
  });
});

describe("stepPeriod: what Previous / Next focus (issue 30: the week view's wrong week)", () => {
  const today = "2025-03-14";
  it.each<[CalendarView, string, -1 | 1, string]>([
    // a month step lands on the 1st, not on today's day-of-month
    ["month", "2025-03-14", -1, "2025-02-01"],
    ["month", "2025-03-31", 1, "2025-04-01"],
    ["month", "2025-12-10", 1, "2026-01-01"],
    // ... or on today when the month holds it
    ["month", "2025-02-01", 1, "2025-03-14"],
    ["month", "2025-04-20", -1, "2025-03-14"],
    // weeks and days as shiftDate
    ["week", "2025-03-01", -1, "2025-02-22"],
    ["day", "2025-02-28", 1, "2025-03-01"],
    // the ends of the calendar
    ["month", "1900-01-20", -1, "1900-01-01"],
    ["month", "2199-12-20", 1, "2199-12-31"],
  ])("%s %s %+i → %s", (view, day, step, expected) => {
    expect(stepPeriod(view, day, step, today)).toBe(expected);
  });
});

describe("moveFocus: keyboard moves on the grid", () => {
  it.each<[GridMove, CalendarView, string, string]>([
    ["previousDay", "month", "2025-03-01", "2025-02-28"],
    ["nextDay", "month", "2024-02-28", "2024-02-29"],
    ["up", "month", "2025-03-05", "2025-02-26"],
    ["down", "month", "2025-03-28", "2025-04-04"],
    ["weekStart", "month", "2025-03-05", "2025-03-02"],
    ["weekEnd", "month", "2025-03-05", "2025-03-08"],
    ["previousPeriod", "month", "2025-03-31", "2025-02-28"],
    ["nextPeriod", "week", "2025-03-05", "2025-03-12"],
    ["nextPeriod", "day", "2025-03-05", "2025-03-06"],
    ["previousDay", "day", "1900-01-01", "1900-01-01"],
    ["down", "month", "2199-12-29", "2199-12-31"],
  ])("%s in %s from %s → %s", (move, view, day, expected) => {
    expect(moveFocus(view, day, move)).toBe(expected);
  });
});

describe("parseShownDay and clampDay", () => {
  it.each([
    ["2025-03-14", "2025-03-14"],
    ["2024-02-29", "2024-02-29"],
    ["2025-02-29", null],
    ["2025-13-01", null],
    ["2025-3-1", null],
    ["1899-12-31", null],
    ["2200-01-01", null],
    ["", null],
    [null, null],
  ])("%s → %s", (value, expected) => {
    expect(parseShownDay(value)).toBe(expected);
  });

  it.each([
    ["1800-05-05", "1900-01-01"],
    ["2025-05-05", "2025-05-05"],
    ["2300-05-05", "2199-12-31"],
  ])("clampDay(%s) = %s", (day, expected) => {
    expect(clampDay(day)).toBe(expected);
  });
});
