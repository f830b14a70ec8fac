import { describe, expect, it } from "vitest";
import type { HawlRule, Milestone } from "./milestone.ts";
import { addMilestone, checkMilestone, removeMilestone, restoreMilestones } from "./rules.ts";
import { build, invariantProblems, testReviewTitles } from "./test-timeline.ts";
import { endedYears } from "./zakat-year.ts";

// Issue 11, items 1–3: no threshold or threshold-down after today, a year broken by a
// threshold-down has no due date (majority rule), and a removal can be undone.

describe("no threshold or threshold-down after today", () => {
  // a year that ended before the days below, so a threshold on them starts the next one
  const above = build(["+T 2025-09-01 Up"], "majority");
  it.each([
    // [type, date, today, expected]
    ["threshold", "2027-01-14", "2026-11-23", "FUTURE_THRESHOLD_DATE"],
    ["threshold", "2026-11-24", "2026-11-23", "FUTURE_THRESHOLD_DATE"],
    ["threshold", "2026-11-23", "2026-11-23", null],
    ["threshold", "2026-10-01", "2026-11-23", null],
    ["threshold-down", "2026-11-24", "2026-11-23", "FUTURE_THRESHOLD_DATE"],
    ["threshold-down", "2026-11-23", "2026-11-23", null],
    ["due", "2027-01-14", "2026-11-23", null],
    ["payment", "2027-01-14", "2026-11-23", null],
  ] as const)("%s on %s, today %s → %s", (type, date, today, expected) => {
    expect(checkMilestone(above, { type, date }, today)?.code ?? null).toBe(expected);
    const result = addMilestone(
      above,
      { type, date, title: "x" },
      {
        now: new Date(Date.UTC(2026, 10, 23)),
        newId: () => "new",
        today,
        reviewTitles: testReviewTitles,
      },
    );
    expect(result.ok ? null : result.code).toBe(expected);
  });

  it("the future check comes before the others (a future duplicate says future)", () => {
    expect(
      checkMilestone(above, { type: "threshold", date: "2025-09-01" }, "2025-08-01")?.code,
    ).toBe("FUTURE_THRESHOLD_DATE");
  });
});

describe("a year broken by a threshold-down has no due date", () => {
  const rows: [string, string[], HawlRule, Record<string, string>][] = [
    [
      "dip before the due date ends the year (majority)",
      ["+T 2026-03-01 A", "+D 2026-06-10 A down"],
      "majority",
      { A: "2026-06-10" },
    ],
    [
      "same under the Hanafi rule keeps its date",
      ["+T 2026-03-01 A", "+D 2026-06-10 A down"],
      "hanafi",
      {},
    ],
    ["no dip: the date stays", ["+T 2026-03-01 A"], "majority", {}],
    [
      "dip after the year completed: the year is whole",
      ["+T 2024-03-11 A", "+D 2025-06-01 A down"],
      "majority",
      {},
    ],
    [
      "dip on the due date itself: below at the end, the year is broken",
      ["+T 2024-03-11 A", "+D 2025-03-01 A down"],
      "majority",
      { A: "2025-03-01" },
    ],
    [
      "only the dipped year ends; the next threshold has its date",
      ["+T 2024-03-11 A", "+D 2024-05-01 A down", "+T 2024-06-01 B"],
      "majority",
      { A: "2024-05-01" },
    ],
  ];
  it.each(rows)("%s", (_name, ops, rule, expected) => {
    const ms = build(ops, rule);
    const byTitle = new Map(ms.map((m) => [m.id, m.title]));
    const ended = Object.fromEntries(
      [...endedYears(ms, rule)].map(([id, day]) => [byTitle.get(id)!, day]),
    );
    expect(ended).toEqual(expected);
  });
});

describe("restoring what a removal took out", () => {
  const ops = ["+Tq 2024-03-11 A", "+D 2024-08-01 A down", "+d 2024-10-01 Own"];
  const cases: [string, HawlRule, string][] = [
    ["a threshold with its reviews and threshold-down", "majority", "A"],
    ["a threshold-down alone (majority: reviews cancelled again)", "majority", "A down"],
    ["a threshold-down alone (Hanafi)", "hanafi", "A down"],
    ["a due milestone", "majority", "Own"],
  ];
  it.each(cases)("%s comes back exactly as it was", (_name, rule, title) => {
    const before = build(ops, rule);
    const target = before.find((m) => m.title === title)!;
    const removal = removeMilestone(before, target.id);
    const taken = before.filter((m) => removal.removed.includes(m.id));
    const result = restoreMilestones(removal.milestones, taken, { rule });
    if (!result.ok) throw new Error(result.code);
    const key = (ms: readonly Milestone[]) =>
      [...ms].map((m) => `${m.id} ${m.date} ${m.title}`).sort();
    expect(key(result.milestones)).toEqual(key(before));
    expect(invariantProblems(result.milestones, rule)).toEqual([]);
    // a second undo adds nothing
    const again = restoreMilestones(result.milestones, taken, { rule });
    expect(again.ok && again.added).toEqual([]);
  });

  it("refuses when another threshold took the day meanwhile", () => {
    const before = build(["+T 2024-03-11 A"], "majority");
    const removal = removeMilestone(before, before[0]!.id);
    const other = build(["+T 2024-03-11 B"], "majority").map((m) => ({ ...m, id: "other" }));
    const result = restoreMilestones([...removal.milestones, ...other], before, {});
    expect(result.ok ? null : result.code).toBe("DUPLICATE_THRESHOLD_DATE");
  });
});
