import { describe, expect, it } from "vitest";
import type { Milestone } from "./milestone.ts";
import {
  addMilestone,
  checkMilestone,
  milestoneRuleMessages,
  removeMilestone,
  requireNissabDate,
  thresholdCode,
  type AddResult,
} from "./rules.ts";
import { build, testReviewTitles as reviewTitles } from "./test-timeline.ts";

const now = new Date("2024-03-11T09:30:00.000Z");
const ids = () => {
  let n = 0;
  return () => `id${++n}`;
};
function ok(result: AddResult) {
  if (!result.ok) throw new Error(result.code);
  return result;
}

describe("thresholdCode", () => {
  it.each([
    [new Date(0), "ZT0"],
    [new Date(35), "ZTZ"],
    [new Date(36), "ZT10"],
    [new Date("2024-03-11T09:30:00.000Z"), "ZTLTMQSQ80"], // 1710149400000 in base 36, by hand
  ])("%s → %s", (at, code) => {
    expect(thresholdCode(at)).toBe(code);
  });

  it("two thresholds in the same millisecond get the next free millisecond", () => {
    const first = ok(
      addMilestone(
        [],
        { date: "2024-03-11", title: "A", type: "threshold" },
        { now, newId: ids(), reviewTitles },
      ),
    );
    const second = ok(
      addMilestone(
        first.milestones,
        { date: "2025-04-11", title: "B", type: "threshold" },
        { now, newId: () => "x", reviewTitles },
      ),
    );
    expect(first.added[0]!.code).toBe(thresholdCode(now));
    expect(second.added[0]!.code).toBe(thresholdCode(new Date(now.getTime() + 1)));
  });
});

describe("addMilestone", () => {
  it("a threshold: code, Hijri end date, reminders kept, reviews after it in `added`", () => {
    const result = ok(
      addMilestone(
        [],
        { date: "2024-03-11", title: "Reached nisab", type: "threshold", quarterlyReminder: true },
        { now, newId: ids(), reviewTitles },
      ),
    );
    const code = thresholdCode(now);
    expect(result.added[0]).toEqual({
      id: "id1",
      date: "2024-03-11",
      title: "Reached nisab",
      type: "threshold",
      completed: false,
      code,
      parentCode: null,
      endDate: "2025-03-01",
      quarterlyReminder: true,
      monthlyReminder: false,
      titleCode: null,
      titleParams: null,
    });
    expect(result.added.slice(1)).toEqual(
      [
        ["id2", "2024-06-07", "25% Zakat Review"],
        ["id3", "2024-09-04", "50% Zakat Review"],
        ["id4", "2024-12-02", "75% Zakat Review"],
        ["id5", "2025-03-01", "100% Zakat Review"],
      ].map(([id, date, title], i) => ({
        id,
        date,
        title,
        type: "due",
        completed: false,
        code,
        parentCode: code,
        endDate: null,
        quarterlyReminder: false,
        monthlyReminder: false,
        titleCode: "review-quarterly",
        titleParams: { percent: (i + 1) * 25 },
      })),
    );
    expect(result.retitled).toEqual([]);
  });

  it("reviews are stored with the titles the caller gives, in the adder's language", () => {
    const result = ok(
      addMilestone(
        [],
        {
          date: "2024-03-11",
          title: "Nisab atteint",
          type: "threshold",
          quarterlyReminder: true,
          monthlyReminder: true,
        },
        {
          now,
          newId: ids(),
          reviewTitles: { quarterly: ["fr 25", "fr 50", "fr 75", "fr 100"], monthly: "fr m" },
        },
      ),
    );
    expect(result.added.map((m) => m.title)).toEqual([
      "Nisab atteint",
      "fr m",
      "fr m",
      "fr 25",
      "fr m",
      "fr m",
      "fr 50",
      "fr m",
      "fr m",
      "fr 75",
      "fr m",
      "fr m",
      "fr 100",
    ]);
  });

  it.each(["due", "payment"] as const)(
    "a %s milestone is added with both reminders off and no code",
    (type) => {
      const result = ok(
        addMilestone(
          [],
          {
            date: "2024-05-01",
            title: "Pay",
            type,
            quarterlyReminder: true,
            monthlyReminder: true,
          },
          { now, newId: ids(), reviewTitles },
        ),
      );
      expect(result.added).toEqual([
        {
          id: "id1",
          date: "2024-05-01",
          title: "Pay",
          type,
          completed: false,
          code: null,
          parentCode: null,
          endDate: null,
          quarterlyReminder: false,
          monthlyReminder: false,
          titleCode: null,
          titleParams: null,
        },
      ]);
    },
  );

  it("a threshold-down takes its threshold's code as code and parent, and reports what it cancelled", () => {
    const timeline = build(["+Tq 2024-03-11 Reached nisab"], "majority");
    const code = timeline[0]!.code;
    const result = ok(
      addMilestone(
        timeline,
        { date: "2024-10-01", title: "Fell below", type: "threshold-down" },
        { now, newId: () => "down", reviewTitles },
      ),
    );
    expect(result.added).toEqual([
      {
        id: "down",
        date: "2024-10-01",
        title: "Fell below",
        type: "threshold-down",
        completed: false,
        code,
        parentCode: code,
        endDate: null,
        quarterlyReminder: false,
        monthlyReminder: false,
        titleCode: null,
        titleParams: null,
      },
    ]);
    expect(result.retitled.map((m) => [m.date, m.title])).toEqual([
      ["2024-12-02", "75% Zakat Review (Cancelled)"],
      ["2025-03-01", "100% Zakat Review (Cancelled)"],
    ]);
    // the input is not changed
    expect(timeline.map((m) => m.title)).not.toContain("75% Zakat Review (Cancelled)");
  });

  it("a review already cancelled is not cancelled twice", () => {
    const timeline = build(
      ["+Tq 2024-03-11 Reached nisab", "+D 2024-10-01 Fell below"],
      "majority",
    );
    const down = timeline.find((m) => m.type === "threshold-down")!;
    const back = removeMilestone(timeline, down.id).milestones;
    const cancelledByHand: Milestone[] = back.map((m) =>
      m.title === "100% Zakat Review" ? { ...m, title: "100% Zakat Review (Cancelled)" } : m,
    );
    const result = ok(
      addMilestone(
        cancelledByHand,
        { date: "2024-10-01", title: "Fell below", type: "threshold-down" },
        { now, newId: () => "d2", reviewTitles },
      ),
    );
    expect(result.retitled.map((m) => m.title)).toEqual(["75% Zakat Review (Cancelled)"]);
  });

  it("refusals carry the spec's English text", () => {
    expect(
      addMilestone(
        [],
        { date: "2024-03-11", title: "x", type: "threshold-down" },
        { now, newId: ids(), reviewTitles },
      ),
    ).toEqual({
      ok: false,
      code: "THRESHOLD_REQUIRED",
      message:
        "Cannot start with a below threshold milestone. Please add a threshold milestone first.",
    });
    const timeline = build(["+T 2024-03-11 A"], "majority");
    expect(
      addMilestone(
        timeline,
        { date: "2024-03-11", title: "x", type: "threshold" },
        { now, newId: ids(), reviewTitles },
      ),
    ).toEqual({
      ok: false,
      code: "DUPLICATE_THRESHOLD_DATE",
      message: "Cannot add a threshold milestone on the same date as another threshold milestone.",
    });
  });

  it.each([["2024-02-30"], ["2024-3-11"], ["11/03/2024"], [""]])(
    "a date that is not a calendar day (%j) is a caller error",
    (date) => {
      expect(() =>
        addMilestone([], { date, title: "x", type: "due" }, { now, newId: ids(), reviewTitles }),
      ).toThrow(RangeError);
    },
  );

  it("an unknown type is a caller error", () => {
    expect(() => checkMilestone([], { date: "2024-03-11", type: "birthday" as never })).toThrow(
      RangeError,
    );
  });
});

describe("messages", () => {
  it("are exactly the spec's (§5) where it gives one", () => {
    expect(milestoneRuleMessages).toEqual({
      // not in the spec (PRODUCT.md "Corrections to the spec")
      FUTURE_THRESHOLD_DATE:
        "A threshold or threshold-down cannot be dated after today: record it once it has happened.",
      DUPLICATE_THRESHOLD_DATE:
        "Cannot add a threshold milestone on the same date as another threshold milestone.",
      THRESHOLD_REQUIRED:
        "Cannot start with a below threshold milestone. Please add a threshold milestone first.",
      DUPLICATE_THRESHOLD_DOWN: "This threshold already has a below-threshold milestone.",
      // issue 30 #6, decision 052 ({{date}}: the day, "10 August 2026")
      THRESHOLD_ALREADY_REACHED:
        "The threshold was already exceeded on {{date}} with no 'Fell below threshold' in between: a zakat year cannot restart while wealth stays above nisab. Add the 'Fell below threshold' first.",
      BELOW_BEFORE_THRESHOLD:
        "A 'Fell below threshold' must come after the threshold was exceeded ({{date}}).",
      NISSAB_DATE_REQUIRED:
        "Nissab date is required to create a zakat state. Please set a nissab date first.",
    });
  });
});

describe("a second threshold while above (issue 30 #6)", () => {
  const aug10 = ok(
    addMilestone(
      [],
      { date: "2026-08-10", title: "Nisab reached", type: "threshold" },
      { now, newId: ids(), reviewTitles },
    ),
  ).milestones;
  it("is refused with the day the nisab was reached in the message", () => {
    expect(checkMilestone(aug10, { date: "2026-09-01", type: "threshold" })).toMatchObject({
      code: "THRESHOLD_ALREADY_REACHED",
      date: "2026-08-10",
      message: expect.stringContaining("on 10 August 2026 with no"),
    });
  });
  it("a 'fell below' before the first threshold names it", () => {
    expect(checkMilestone(aug10, { date: "2026-08-01", type: "threshold-down" })).toMatchObject({
      code: "BELOW_BEFORE_THRESHOLD",
      date: "2026-08-10",
      message:
        "A 'Fell below threshold' must come after the threshold was exceeded (10 August 2026).",
    });
  });
});

describe("requireNissabDate", () => {
  it.each([
    [{ nissabDate: null }, false],
    [{ nissabDate: "" }, false],
    [{ nissabDate: "2024-03-11" }, true],
  ])("%j → ok %s", (state, allowed) => {
    const result = requireNissabDate(state);
    expect(result.ok).toBe(allowed);
    if (!result.ok) {
      expect(result).toEqual({
        ok: false,
        code: "NISSAB_DATE_REQUIRED",
        message: "Nissab date is required to create a zakat state. Please set a nissab date first.",
      });
    }
  });
});

describe("removeMilestone", () => {
  it("keeps the input's order and lists every id it removed", () => {
    const timeline = build(
      ["+Tq 2024-03-11 A", "+d 2024-05-01 By hand", "+D 2024-10-01 Dip"],
      "majority",
    );
    const threshold = timeline[0]!;
    const result = removeMilestone(timeline, threshold.id);
    expect(result.milestones.map((m) => m.title)).toEqual(["By hand"]);
    expect(result.removed.sort()).toEqual(
      timeline
        .filter((m) => m.title !== "By hand")
        .map((m) => m.id)
        .sort(),
    );
    expect(result.retitled).toEqual([]);
  });
});
