import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, isCalendarDay, toDayNumber } from "./calendar-day.ts";
import {
  addHijriMonths,
  addHijriYear,
  elapsedHijri,
  fromHijri,
  hijriMonthLength,
  hijriParts,
  type ElapsedHijri,
} from "./hijri.ts";

// Umm al-Qura month lengths used below (ICU): 1444: 29,30,29,30,30,29,29,30,29,30,29,30;
// 1445: 29,30,30,30,29,30,29,29,30,29,29,30; 1446: 29,30,30,30,29,30,30,29,29,30,29,29.

describe("calendar days", () => {
  it.each([
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2000-02-29", true],
    ["1900-02-29", false],
    ["2024-04-31", false],
    ["2024-12-31", true],
    ["2024-13-01", false],
    ["2024-00-10", false],
    ["0000-01-01", false],
    ["24-03-11", false],
    ["2024-03-11T00:00", false],
  ])("%s is a calendar day: %s", (day, valid) => {
    expect(isCalendarDay(day)).toBe(valid);
  });

  it.each([
    ["1970-01-01", 0],
    ["1970-01-02", 1],
    ["1969-12-31", -1],
    ["2024-03-11", 19793],
    ["0050-01-01", -701_265],
  ])("%s is day %i", (day, n) => {
    expect(toDayNumber(day)).toBe(n);
  });

  it.each([
    ["2024-02-28", 1, "2024-02-29"],
    ["2023-02-28", 1, "2023-03-01"],
    ["2024-03-11", 365, "2025-03-11"],
    ["2024-01-01", -1, "2023-12-31"],
  ])("%s + %i days = %s", (day, n, expected) => {
    expect(addDays(day, n)).toBe(expected);
  });
});

describe("hijriParts", () => {
  it.each([
    ["2024-03-10", 1445, 8, 29],
    ["2024-03-11", 1445, 9, 1],
    ["2023-07-19", 1445, 1, 1],
    ["2024-07-06", 1445, 12, 30],
    ["2024-07-07", 1446, 1, 1],
    ["2023-03-22", 1444, 8, 30],
    ["2024-02-29", 1445, 8, 19],
    ["2000-02-29", 1420, 11, 23],
    ["1882-11-12", 1300, 1, 1],
    ["2174-11-25", 1600, 12, 30],
  ])("%s = %i-%i-%i AH", (day, year, month, d) => {
    expect(hijriParts(day)).toEqual({ year, month, day: d });
  });

  it.each([
    [1445, 8, 29],
    [1445, 9, 30],
    [1445, 12, 30],
    [1446, 12, 29],
    [1444, 9, 29],
  ])("%i-%i has %i days", (year, month, length) => {
    expect(hijriMonthLength(year, month)).toBe(length);
  });

  it.each([
    [1445, 9, 1, "2024-03-11"],
    [1445, 8, 30, "2024-03-10"],
    [1446, 1, 1, "2024-07-07"],
    [1300, 1, 1, "1882-11-12"],
  ])("fromHijri(%i, %i, %i) = %s (a missing 30th clamps to the 29th)", (y, m, d, day) => {
    expect(fromHijri(y, m, d)).toBe(day);
  });
});

describe("addHijriYear", () => {
  it.each([
    ["1 Ramadan 1445 → 1 Ramadan 1446 (355 days)", "2024-03-11", "2025-03-01"],
    ["29 Sha'ban 1445 → 29 Sha'ban 1446", "2024-03-10", "2025-02-28"],
    ["30 Sha'ban 1444 → 29 Sha'ban 1445: Sha'ban 1445 has 29 days", "2023-03-22", "2024-03-10"],
    ["1 Muharram 1445 → 1 Muharram 1446", "2023-07-19", "2024-07-07"],
    ["30 Dhu al-Hijjah 1445 → 29 Dhu al-Hijjah 1446 (month end)", "2024-07-06", "2025-06-25"],
    ["Gregorian leap day 2024-02-29 = 19 Sha'ban 1445", "2024-02-29", "2025-02-18"],
    ["14 Jumada al-Akhirah 1446", "2024-12-15", "2025-12-05"],
  ])("%s", (_name, from, expected) => {
    expect(addHijriYear(from)).toBe(expected);
    expect(hijriParts(expected).year).toBe(hijriParts(from).year + 1);
  });

  it("is not 354 days", () => {
    expect(toDayNumber(addHijriYear("2024-03-11")) - toDayNumber("2024-03-11")).toBe(355);
  });
});

describe("elapsedHijri", () => {
  type Row = [name: string, from: string | null, today: string, elapsed: ElapsedHijri];
  const el = (years: number, months: number, days: number): ElapsedHijri => ({
    kind: "elapsed",
    years,
    months,
    days,
  });
  const rows: Row[] = [
    ["no date", null, "2024-03-11", { kind: "no-date" }],
    ["empty date", "", "2024-03-11", { kind: "no-date" }],
    ["tomorrow is the future", "2024-03-12", "2024-03-11", { kind: "future" }],
    ["the same day", "2024-03-11", "2024-03-11", el(0, 0, 0)],
    ["one day", "2024-03-10", "2024-03-11", el(0, 0, 1)],
    ["29 days: Ramadan 1445 has 30, not yet a month", "2024-03-11", "2024-04-08", el(0, 0, 28)],
    ["1 Ramadan → 1 Shawwal is one month", "2024-03-11", "2024-04-10", el(0, 1, 0)],
    ["1 Ramadan 1445 → 1 Ramadan 1446 is one year", "2024-03-11", "2025-03-01", el(1, 0, 0)],
    [
      "one day short of a year: 1 Ramadan 1445 → 29 Sha'ban 1446",
      "2024-03-11",
      "2025-02-28",
      el(0, 11, 28),
    ],
    ["years, months and days", "2024-03-11", "2025-04-12", el(1, 1, 13)],
    [
      "plurals: 28 Jumada al-Ula 1443 → 28 Rajab 1445 + 2 days (Rajab has 29)",
      "2022-01-01",
      "2024-02-11",
      el(2, 2, 2),
    ],
    ["a zero unit in the middle is left out", "2024-03-11", "2025-03-06", el(1, 0, 5)],
    [
      "month end: 30 Sha'ban → 29 Ramadan (29-day month) is one whole month",
      "2023-03-22",
      "2023-04-20",
      el(0, 1, 0),
    ],
    ["month end: 30 Sha'ban → 28 Ramadan is not yet", "2023-03-22", "2023-04-19", el(0, 0, 28)],
    [
      "month end: 30 Sha'ban 1444 → 29 Sha'ban 1445 (29-day month) is one year",
      "2023-03-22",
      "2024-03-10",
      el(1, 0, 0),
    ],
    ["over a Gregorian leap day", "2024-02-28", "2024-03-01", el(0, 0, 2)],
    ["from a Gregorian leap day", "2024-02-29", "2025-02-18", el(1, 0, 0)],
  ];

  it.each(rows)("%s", (_name, from, today, elapsed) => {
    expect(elapsedHijri(from, today)).toEqual(elapsed);
  });

  it("a date that is not a calendar day is a caller error", () => {
    expect(() => elapsedHijri("2024-02-30", "2024-03-11")).toThrow(RangeError);
    expect(() => elapsedHijri("2024-03-11", "yesterday")).toThrow(RangeError);
  });
});

// The inverse conversion searched from an estimate agrees with a plain day-by-day scan of ICU.
describe("against a day-by-day scan", () => {
  const scan = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", {
    timeZone: "UTC",
    year: "numeric",
    month: "numeric",
    day: "numeric",
  });
  const byHijri = new Map<string, string>();
  const first = toDayNumber("2015-01-01");
  const last = toDayNumber("2035-12-31");
  for (let n = first; n <= last; n++) {
    const parts = Object.fromEntries(
      scan.formatToParts(new Date(n * 86_400_000)).map((p) => [p.type, p.value]),
    );
    byHijri.set(`${parts.year}-${parts.month}-${parts.day}`, addDays("1970-01-01", n));
  }
  const expectedAdd = (day: string, months: number) => {
    const p = hijriParts(day);
    const index = p.year * 12 + p.month - 1 + months;
    const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
    return byHijri.get(`${y}-${m}-${p.day}`) ?? byHijri.get(`${y}-${m}-${p.day - 1}`);
  };
  const day = fc
    .integer({ min: toDayNumber("2016-01-01"), max: toDayNumber("2032-12-31") })
    .map((n) => addDays("1970-01-01", n));

  it("addHijriMonths", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 24 }), (d, months) => {
        expect(addHijriMonths(d, months)).toBe(expectedAdd(d, months));
      }),
    );
  });

  it("elapsedHijri adds back up to today", () => {
    fc.assert(
      fc.property(day, fc.integer({ min: 0, max: 1500 }), (from, span) => {
        const today = addDays(from, span);
        const e = elapsedHijri(from, today);
        if (e.kind !== "elapsed") throw new Error(e.kind);
        expect(e.months).toBeLessThan(12);
        const anchor = addHijriMonths(from, e.years * 12 + e.months);
        expect(addDays(anchor, e.days)).toBe(today);
        // and one more month would pass today
        expect(addHijriMonths(from, e.years * 12 + e.months + 1) > today).toBe(true);
      }),
    );
  });
});
