import { describe, expect, it } from "vitest";
import type { HawlRule } from "./milestone.ts";
import { build } from "./test-timeline.ts";
import {
  todayIn,
  zakatYearStatus,
  type TrackerYearBasis,
  type ZakatYearStatus,
} from "./zakat-year.ts";

// One row per case: a timeline (test-timeline.ts notation), the rule, today, the year basis,
// and the status written out. A = a threshold on 2024-03-11 (1 Ramadan 1445); its Hijri year
// ends 2025-03-01 (355 days later), its 365-day year 2025-03-11.
// Elapsed days from 2024-03-11: 2024-09-04 → 177, 2024-09-09 → 182, 2024-11-01 → 235,
// 2025-02-27 → 353, 2025-02-28 → 354, 2025-03-01 → 355, 2026-01-01 → 661. Progress is rounded
// to the nearest integer: 76 / 354 = 21.47 % → 21, 112 / 354 = 31.64 % → 32.

const A = "+T 2024-03-11 A";
const dip = "+D 2024-10-01 Dip";
type Expected =
  | "not-set"
  | [
      kind: "running" | "paused" | "complete",
      start: string,
      end: string,
      progress: number,
      elapsedDays: number,
      belowSince: string | null,
    ];
type Row = [
  name: string,
  ops: string[],
  rule: HawlRule,
  today: string,
  basis: TrackerYearBasis,
  expected: Expected,
];

const rows: Row[] = [
  ["an empty timeline", [], "majority", "2024-03-11", "hijri", "not-set"],
  ["only a due milestone", ["+d 2024-03-01 Pay"], "hanafi", "2024-03-11", "hijri", "not-set"],
  [
    "the first day",
    [A],
    "majority",
    "2024-03-11",
    "hijri",
    ["running", "2024-03-11", "2025-03-01", 0, 0, null],
  ],
  [
    "one day in: 0.28 % rounds to 0",
    [A],
    "majority",
    "2024-03-12",
    "hijri",
    ["running", "2024-03-11", "2025-03-01", 0, 1, null],
  ],
  [
    "177 of 354 days is 50 %",
    [A],
    "majority",
    "2024-09-04",
    "hijri",
    ["running", "2024-03-11", "2025-03-01", 50, 177, null],
  ],
  [
    "353 of 354 days rounds to 100 but the year runs: 99",
    [A],
    "majority",
    "2025-02-27",
    "hijri",
    ["running", "2024-03-11", "2025-03-01", 99, 353, null],
  ],
  [
    "day 354 of a 355-day Umm al-Qura year: still 99",
    [A],
    "hanafi",
    "2025-02-28",
    "hijri",
    ["running", "2024-03-11", "2025-03-01", 99, 354, null],
  ],
  [
    "the end date: complete",
    [A],
    "majority",
    "2025-03-01",
    "hijri",
    ["complete", "2024-03-11", "2025-03-01", 100, 355, null],
  ],
  [
    "long after the end: complete",
    [A],
    "hanafi",
    "2026-01-01",
    "hijri",
    ["complete", "2024-03-11", "2025-03-01", 100, 661, null],
  ],
  [
    "Gregorian: 182 of 365 days is 50 %",
    [A],
    "majority",
    "2024-09-09",
    "gregorian",
    ["running", "2024-03-11", "2025-03-11", 50, 182, null],
  ],
  [
    "Gregorian: 355 days is not the end",
    [A],
    "majority",
    "2025-03-01",
    "gregorian",
    ["running", "2024-03-11", "2025-03-11", 97, 355, null],
  ],
  [
    "Gregorian: 364 days is 99",
    [A],
    "majority",
    "2025-03-10",
    "gregorian",
    ["running", "2024-03-11", "2025-03-11", 99, 364, null],
  ],
  [
    "Gregorian: 365 days is complete",
    [A],
    "hanafi",
    "2025-03-11",
    "gregorian",
    ["complete", "2024-03-11", "2025-03-11", 100, 365, null],
  ],
  [
    "a start still to come: running with 0 days",
    [A],
    "majority",
    "2024-01-01",
    "hijri",
    ["running", "2024-03-11", "2025-03-01", 0, 0, null],
  ],
  [
    "majority: a dip resets and pauses the year",
    [A, dip],
    "majority",
    "2024-11-01",
    "hijri",
    ["paused", "2024-03-11", "2025-03-01", 0, 0, "2024-10-01"],
  ],
  [
    "Hanafi: a dip pauses, the year keeps counting",
    [A, dip],
    "hanafi",
    "2024-11-01",
    "hijri",
    ["paused", "2024-03-11", "2025-03-01", 66, 235, "2024-10-01"],
  ],
  [
    "Hanafi: still below at the end, no zakat for that year",
    [A, dip],
    "hanafi",
    "2025-03-01",
    "hijri",
    ["paused", "2024-03-11", "2025-03-01", 0, 0, "2024-10-01"],
  ],
  [
    "majority: still below at the end",
    [A, dip],
    "majority",
    "2025-03-01",
    "hijri",
    ["paused", "2024-03-11", "2025-03-01", 0, 0, "2024-10-01"],
  ],
  [
    "Hanafi: regained before the end, complete at the end",
    [A, dip, "+T 2024-12-15 Regained"],
    "hanafi",
    "2025-03-01",
    "hijri",
    ["complete", "2024-03-11", "2025-03-01", 100, 355, null],
  ],
  [
    "Hanafi: regained, running again with the first start",
    [A, dip, "+T 2024-12-15 Regained"],
    "hanafi",
    "2025-01-01",
    "hijri",
    ["running", "2024-03-11", "2025-03-01", 84, 296, null],
  ],
  [
    "majority: regained, a new year from the threshold",
    [A, dip, "+T 2024-12-15 Regained"],
    "majority",
    "2025-03-01",
    "hijri",
    ["running", "2024-12-15", "2025-12-05", 21, 76, null],
  ],
  [
    "a dip after a completed year does not hide it (majority)",
    [A, "+D 2025-04-01 Later dip"],
    "majority",
    "2025-05-01",
    "hijri",
    ["complete", "2024-03-11", "2025-03-01", 100, 416, null],
  ],
  [
    "a dip after a completed year does not hide it (Hanafi)",
    [A, "+D 2025-04-01 Later dip"],
    "hanafi",
    "2025-05-01",
    "hijri",
    ["complete", "2024-03-11", "2025-03-01", 100, 416, null],
  ],
  [
    "a dip on the end date itself counts: below at the end",
    [A, "+D 2025-03-01 Dip at the end"],
    "majority",
    "2025-03-01",
    "hijri",
    ["paused", "2024-03-11", "2025-03-01", 0, 0, "2025-03-01"],
  ],
  [
    "Hanafi: a dip on the end date",
    [A, "+D 2025-03-01 Dip at the end"],
    "hanafi",
    "2025-03-02",
    "hijri",
    ["paused", "2024-03-11", "2025-03-01", 0, 0, "2025-03-01"],
  ],
  [
    "a dip still to come already pauses (the timeline as it stands)",
    [A, dip],
    "majority",
    "2024-09-04",
    "hijri",
    ["paused", "2024-03-11", "2025-03-01", 0, 0, "2024-10-01"],
  ],
  [
    "majority: a threshold after a dip restarts",
    [A, "+D 2024-05-01 Dip", "+T 2024-06-01 Again"],
    "majority",
    "2024-07-01",
    "hijri",
    ["running", "2024-06-01", "2025-05-22", 8, 30, null],
  ],
  [
    "Hanafi: a threshold after a dip within the year does not restart",
    [A, "+D 2024-05-01 Dip", "+T 2024-06-01 Again"],
    "hanafi",
    "2024-07-01",
    "hijri",
    ["running", "2024-03-11", "2025-03-01", 32, 112, null],
  ],
  [
    "Hanafi, Gregorian basis: a threshold before the 365-day end does not restart",
    [A, dip, "+T 2025-03-05 Regained"],
    "hanafi",
    "2025-03-11",
    "gregorian",
    ["complete", "2024-03-11", "2025-03-11", 100, 365, null],
  ],
  [
    "Hanafi, Hijri basis: the same threshold is after the Hijri end and starts a year",
    [A, dip, "+T 2025-03-05 Regained"],
    "hanafi",
    "2025-03-11",
    "hijri",
    ["running", "2025-03-05", "2026-02-22", 2, 6, null],
  ],
];

describe("zakatYearStatus", () => {
  it.each(rows)("%s", (_name, ops, rule, today, basis, expected) => {
    const status = zakatYearStatus(build(ops, rule), rule, today, basis);
    const want: ZakatYearStatus =
      expected === "not-set"
        ? { kind: "not-set" }
        : {
            kind: expected[0],
            start: expected[1],
            end: expected[2],
            progress: expected[3],
            elapsedDays: expected[4],
            belowSince: expected[5],
          };
    expect(status).toEqual(want);
  });

  it("reads an unsorted timeline the same as a sorted one", () => {
    const timeline = build([A, dip, "+T 2024-12-15 Regained"], "majority");
    expect(zakatYearStatus(timeline.slice().reverse(), "majority", "2025-01-01", "hijri")).toEqual(
      zakatYearStatus(timeline, "majority", "2025-01-01", "hijri"),
    );
  });

  it("today must be a calendar day", () => {
    expect(() => zakatYearStatus([], "majority", "2024-3-1", "hijri")).toThrow(RangeError);
  });
});

describe("todayIn", () => {
  it.each([
    ["UTC", "2024-03-10T23:59:59.999Z", "2024-03-10"],
    ["UTC", "2024-03-11T00:00:00.000Z", "2024-03-11"],
    ["Asia/Tokyo", "2024-03-10T14:59:59.999Z", "2024-03-10"],
    ["Asia/Tokyo", "2024-03-10T15:00:00.000Z", "2024-03-11"],
    ["America/New_York", "2024-01-01T04:59:59.000Z", "2023-12-31"],
    ["America/New_York", "2024-01-01T05:00:00.000Z", "2024-01-01"],
    ["America/New_York", "2024-03-11T03:59:59.000Z", "2024-03-10"], // EDT since 10 March
    ["America/New_York", "2024-03-11T04:00:00.000Z", "2024-03-11"],
    ["Europe/Brussels", "2024-03-30T22:59:59.000Z", "2024-03-30"],
    ["Europe/Brussels", "2024-03-30T23:00:00.000Z", "2024-03-31"], // CET, the night of the change
    ["Europe/Brussels", "2024-03-31T21:59:59.000Z", "2024-03-31"],
    ["Europe/Brussels", "2024-03-31T22:00:00.000Z", "2024-04-01"], // CEST from then on
    ["Europe/Paris", "2024-10-26T22:00:00.000Z", "2024-10-27"], // CEST → CET on the 27th
    ["Asia/Riyadh", "2024-02-29T20:59:59.000Z", "2024-02-29"],
    ["Asia/Riyadh", "2024-02-29T21:00:00.000Z", "2024-03-01"],
    ["Asia/Kolkata", "2024-02-28T18:30:00.000Z", "2024-02-29"], // +05:30, a leap day
    ["Pacific/Kiritimati", "2024-12-31T10:00:00.000Z", "2025-01-01"], // +14
    ["Pacific/Pago_Pago", "2025-01-01T10:59:59.000Z", "2024-12-31"], // −11
  ])("%s at %s is %s", (zone, instant, day) => {
    expect(todayIn(zone, new Date(instant))).toBe(day);
  });

  it("an unknown time zone is a caller error", () => {
    expect(() => todayIn("Mars/Olympus_Mons", new Date(0))).toThrow(RangeError);
  });
});
