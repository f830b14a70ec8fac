import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "./calendar-day.ts";
import {
  milestoneTypes,
  plainMilestone,
  type HawlRule,
  type Milestone,
  type MilestoneType,
  type ThresholdStatus,
} from "./milestone.ts";
import { deriveTimeline, isSorted, sortMilestones, thresholdStatusOn } from "./timeline.ts";

// deriveTimeline over hand-made milestone lists (as a sync could store them, unsorted, codes
// missing), and the sort order.

let n = 0;
function m(date: string, type: MilestoneType, title = `${type} ${date}`): Milestone {
  return plainMilestone({ id: `x${++n}`, date, title, type });
}
const T = (date: string) => m(date, "threshold");
const D = (date: string) => m(date, "threshold-down");
const d = (date: string, title?: string) => m(date, "due", title);
const p = (date: string, title?: string) => m(date, "payment", title);

type Row = [
  name: string,
  milestones: Milestone[],
  rule: HawlRule,
  expected: [ThresholdStatus, string | null, string | null],
];
const rows: Row[] = [
  ["nothing", [], "majority", ["unknown", null, null]],
  ["only dues and payments", [d("2024-01-01"), p("2024-02-01")], "hanafi", ["unknown", null, null]],
  ["one threshold", [T("2024-03-11")], "majority", ["above", "2024-03-11", "2024-03-11"]],
  [
    "unsorted input",
    [D("2024-10-01"), T("2024-03-11")],
    "majority",
    ["below", "2024-10-01", "2024-03-11"],
  ],
  [
    "the latest event decides, not the input order",
    [T("2024-12-15"), D("2024-10-01"), T("2024-03-11")],
    "majority",
    ["above", "2024-12-15", "2024-12-15"],
  ],
  [
    "Hanafi: the same timeline keeps the first start",
    [T("2024-12-15"), D("2024-10-01"), T("2024-03-11")],
    "hanafi",
    ["above", "2024-12-15", "2024-03-11"],
  ],
  [
    "a stored dip with no threshold (not buildable through the rules)",
    [D("2024-10-01")],
    "majority",
    ["below", null, null],
  ],
  [
    "Hanafi: three years, each started on the last one's end (2022-12-22, then 2023-12-12)",
    [T("2022-01-01"), T("2022-12-22"), T("2023-12-12")],
    "hanafi",
    ["above", "2023-12-12", "2023-12-12"],
  ],
  [
    "Hanafi: 2022-12-21, one day before that end, starts nothing",
    [T("2022-01-01"), T("2022-12-21")],
    "hanafi",
    ["above", "2022-12-21", "2022-01-01"],
  ],
  [
    "Hanafi: a threshold one day before the year's end does not start one",
    [T("2024-03-11"), T("2025-02-28")],
    "hanafi",
    ["above", "2025-02-28", "2024-03-11"],
  ],
];

describe("deriveTimeline", () => {
  it.each(rows)("%s", (_name, milestones, rule, [status, nissab, start]) => {
    expect(deriveTimeline(milestones, rule)).toEqual({
      thresholdStatus: status,
      nissabDate: nissab,
      nextZakatDate: start,
      zakatYearStart: start,
    });
  });

  it("the Gregorian basis moves the Hanafi year's end to 365 days", () => {
    const timeline = [T("2024-03-11"), T("2025-03-05")];
    expect(deriveTimeline(timeline, "hanafi", "hijri").zakatYearStart).toBe("2025-03-05");
    expect(deriveTimeline(timeline, "hanafi", "gregorian").zakatYearStart).toBe("2024-03-11");
    expect(deriveTimeline(timeline, "majority", "gregorian").zakatYearStart).toBe("2025-03-05");
  });

  it("does not change its input", () => {
    const input = [D("2024-10-01"), T("2024-03-11")];
    const copy = structuredClone(input);
    deriveTimeline(input, "majority");
    expect(input).toEqual(copy);
  });
});

describe("sortMilestones", () => {
  it("by date, then threshold-down, threshold, due, payment, then input order", () => {
    const list = [
      p("2024-03-11", "pay 1"),
      d("2024-03-11", "due 1"),
      T("2024-03-11"),
      d("2024-03-11", "due 2"),
      D("2024-03-11"),
      p("2024-03-11", "pay 2"),
      d("2024-01-01", "early"),
      T("2025-01-01"),
    ];
    expect(sortMilestones(list).map((x) => x.title)).toEqual([
      "early",
      "threshold-down 2024-03-11",
      "threshold 2024-03-11",
      "due 1",
      "due 2",
      "pay 1",
      "pay 2",
      "threshold 2025-01-01",
    ]);
  });

  it("returns a new array and leaves a sorted input's order as it is", () => {
    const list = [T("2024-01-01"), d("2024-02-01")];
    const sorted = sortMilestones(list);
    expect(sorted).not.toBe(list);
    expect(sorted).toEqual(list);
    expect(isSorted(list)).toBe(true);
    expect(isSorted([d("2024-02-01"), T("2024-01-01")])).toBe(false);
    expect(isSorted([d("2024-01-01"), D("2024-01-01")])).toBe(false);
  });
});

describe("thresholdStatusOn", () => {
  const timeline = [T("2024-03-11"), D("2024-10-01"), T("2024-10-01"), D("2025-01-01")];
  it.each<[string, ThresholdStatus]>([
    ["2024-03-10", "unknown"],
    ["2024-03-11", "above"],
    ["2024-09-30", "above"],
    ["2024-10-01", "above"], // the dip, then the new threshold, the same day
    ["2024-12-31", "above"],
    ["2025-01-01", "below"],
  ])("at the end of %s: %s", (day, status) => {
    expect(thresholdStatusOn(timeline, day)).toBe(status);
    expect(thresholdStatusOn(timeline.slice().reverse(), day)).toBe(status);
  });
});

describe("sortMilestones, any list", () => {
  const rank = { "threshold-down": 0, threshold: 1, due: 2, payment: 3 } as const;
  it("equals a plain stable sort by (date, type)", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            day: fc.integer({ min: 0, max: 40 }),
            type: fc.constantFrom(...milestoneTypes),
          }),
          { maxLength: 60 },
        ),
        (specs) => {
          const list = specs.map(({ day, type }) => m(addDays("2023-12-20", day), type));
          const reference = list
            .map((x, i) => ({ x, i }))
            .sort(
              (a, b) =>
                (a.x.date < b.x.date ? -1 : a.x.date > b.x.date ? 1 : 0) ||
                rank[a.x.type] - rank[b.x.type] ||
                a.i - b.i,
            )
            .map(({ x }) => x.id);
          expect(sortMilestones(list).map((x) => x.id)).toEqual(reference);
          expect(isSorted(sortMilestones(list))).toBe(true);
        },
      ),
    );
  });
});
