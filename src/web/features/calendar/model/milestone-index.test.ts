import { describe, expect, it } from "vitest";
import { plainMilestone, type Milestone, type MilestoneType } from "#domain/hawl/index.ts";
import { monthGrid } from "./calendar-days";
import {
  cellPreview,
  clampTimelineWindow,
  extendTimelineWindow,
  firstOnOrAfter,
  groupByMonth,
  indexByDay,
  initialTimelineWindow,
  sortedForCalendar,
  titlesPerCell,
} from "./milestone-index";

let counter = 0;
function m(date: string, title = `M ${date}`, type: MilestoneType = "due"): Milestone {
  counter += 1;
  return plainMilestone({ id: `id-${counter}`, date, title, type });
}

describe("sortedForCalendar and indexByDay", () => {
  it("sorts by date, then threshold-down, threshold, due, payment, and indexes each day", () => {
    const pay = m("2025-03-02", "pay", "payment");
    const due = m("2025-03-02", "due", "due");
    const up = m("2025-03-02", "up", "threshold");
    const down = m("2025-03-02", "down", "threshold-down");
    const before = m("2025-02-28", "before");
    const after = m("2025-03-31", "after");
    const sorted = sortedForCalendar([pay, after, due, up, before, down]);
    expect(sorted.map((x) => x.title)).toEqual(["before", "down", "up", "due", "pay", "after"]);

    const index = indexByDay(sorted);
    expect([...index.keys()]).toEqual(["2025-02-28", "2025-03-02", "2025-03-31"]);
    expect(index.get("2025-03-02")!.map((x) => x.title)).toEqual(["down", "up", "due", "pay"]);
    expect(index.get("2025-03-01")).toBeUndefined();
  });

  it("keeps every milestone exactly once (10,000 over 3 years)", () => {
    const many = Array.from({ length: 10_000 }, (_, i) => {
      const t = Date.UTC(2024, 0, 1) + (i % 1096) * 86_400_000;
      return m(new Date(t).toISOString().slice(0, 10));
    });
    const index = indexByDay(sortedForCalendar(many));
    let total = 0;
    for (const [day, list] of index) {
      total += list.length;
      for (const x of list) expect(x.date).toBe(day);
    }
    expect(total).toBe(10_000);
    expect(index.size).toBe(1096);
    // the month view of February 2024 reads its 35 cells from the index: the first 136 days
    // of the cycle hold 10 milestones (10,000 = 9 × 1096 + 136), the later ones 9
    const cells = monthGrid("2024-02-15")
      .flat()
      .map((d) => index.get(d)?.length ?? 0);
    expect(cells).toEqual(Array.from({ length: 35 }, () => 10));
    expect(index.get("2026-12-31")).toHaveLength(9);
  });
});

describe("cellPreview: at most 2 titles, then +N more", () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => `t${i + 1}`);
  it.each([
    [undefined, [], 0],
    [list(0), [], 0],
    [list(1), ["t1"], 0],
    [list(2), ["t1", "t2"], 0],
    [list(3), ["t1", "t2"], 1],
    [list(10), ["t1", "t2"], 8],
  ])("%j → shows %j, %i more", (input, shown, more) => {
    const preview = cellPreview(input);
    expect(preview.shown).toEqual(shown);
    expect(preview.more).toBe(more);
    expect(preview.shown.length + preview.more).toBe(input?.length ?? 0);
  });

  it("the spec's limit is 2; another limit can be asked for", () => {
    expect(titlesPerCell).toBe(2);
    expect(cellPreview(list(5), 4)).toEqual({ shown: ["t1", "t2", "t3", "t4"], more: 1 });
  });
});

describe("groupByMonth", () => {
  it.each([
    ["empty", [], []],
    ["one month", ["2025-03-01", "2025-03-31"], [["2025-03", 2]]],
    [
      "month and year boundaries",
      ["2024-12-31", "2025-01-01", "2025-01-31", "2025-02-01"],
      [
        ["2024-12", 1],
        ["2025-01", 2],
        ["2025-02", 1],
      ],
    ],
    [
      "leap day and gaps",
      ["2024-02-28", "2024-02-29", "2024-03-01", "2024-07-04"],
      [
        ["2024-02", 2],
        ["2024-03", 1],
        ["2024-07", 1],
      ],
    ],
  ])("%s", (_name, dates, expected) => {
    const groups = groupByMonth(dates.map((d) => m(d)));
    expect(groups.map((g) => [g.month, g.milestones.length])).toEqual(expected);
    expect(groups.flatMap((g) => g.milestones.map((x) => x.date))).toEqual(dates);
  });
});

describe("the timeline's window over the sorted milestones", () => {
  const dates = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      date: new Date(Date.UTC(2025, 0, 1) + i * 86_400_000).toISOString().slice(0, 10),
    }));

  it.each([
    // total, from, size, expected window
    [0, "2025-01-01", 100, { start: 0, end: 0 }],
    [20, "2030-01-01", 100, { start: 0, end: 20 }], // few: all of them
    [300, "2025-01-01", 100, { start: 0, end: 100 }],
    [300, "2025-02-01", 100, { start: 31, end: 131 }], // from the month shown
    [300, "2025-10-01", 100, { start: 200, end: 300 }], // near the end: reaches back
    [300, "2030-01-01", 100, { start: 200, end: 300 }], // after all of them: the last ones
    [300, "2000-01-01", 100, { start: 0, end: 100 }],
  ])("%i milestones from %s, %i at once → %j", (total, from, size, expected) => {
    expect(initialTimelineWindow(dates(total), from, size)).toEqual(expected);
  });

  it.each([
    ["2024-12-31", 0],
    ["2025-01-01", 0],
    ["2025-01-03", 2],
    ["2025-01-05", 4],
    ["2025-02-01", 5],
  ])("firstOnOrAfter(%s) = %i over 1–5 January", (day, expected) => {
    expect(firstOnOrAfter(dates(5), day)).toBe(expected);
  });

  it.each([
    [{ start: 100, end: 200 }, 300, -1, { start: 0, end: 200 }],
    [{ start: 50, end: 150 }, 300, -1, { start: 0, end: 150 }],
    [{ start: 100, end: 200 }, 300, 1, { start: 100, end: 300 }],
    [{ start: 100, end: 200 }, 250, 1, { start: 100, end: 250 }],
  ])("extend %j of %i by %i → %j", (window, total, direction, expected) => {
    expect(extendTimelineWindow(window, total, direction as -1 | 1)).toEqual(expected);
  });

  it.each([
    [{ start: 0, end: 20 }, 19, { start: 0, end: 19 }], // one deleted
    [{ start: 100, end: 120 }, 105, { start: 100, end: 105 }], // a threshold and its reviews
    [{ start: 100, end: 120 }, 90, { start: 89, end: 90 }], // the window's rows all gone
    [{ start: 0, end: 1 }, 0, { start: 0, end: 0 }],
  ])("clamp %j to %i → %j", (window, total, expected) => {
    expect(clampTimelineWindow(window, total)).toEqual(expected);
  });
});
