import { describe, expect, it } from "vitest";
import { addMilestone } from "./rules.ts";
import { testReviewTitles as reviewTitles } from "./test-timeline.ts";
import { generatedTitle, milestoneTitle } from "./titles.ts";
import type { Milestone } from "./milestone.ts";

// Generated titles are stored as a code and its parameters and rendered in the reader's
// language (their words: tests/unit/hawl-words.test.ts); a title typed by a person stays as
// typed (issue 11, item 6).

const ids = () => {
  let n = 0;
  return () => `m${++n}`;
};

describe("generated milestone titles", () => {
  it.each([
    ["nisab-reached", null, { code: "nisab-reached", params: {} }],
    ["nisab-below", null, { code: "nisab-below", params: {} }],
    ["review-quarterly", { percent: 25 }, { code: "review-quarterly", params: { percent: 25 } }],
    ["review-quarterly", { percent: 100 }, { code: "review-quarterly", params: { percent: 100 } }],
    ["review-monthly", { month: 4 }, { code: "review-monthly", params: {} }],
    ["review-quarterly", { percent: 30 }, null],
    ["review-quarterly", null, null],
  ] as const)("%s %j → %j", (code, params, expected) => {
    expect(generatedTitle(code, params)).toEqual(expected);
  });

  it("a threshold added with reviews stores what each title is", () => {
    const result = addMilestone(
      [],
      {
        date: "2024-03-11",
        title: "Nisab reached",
        type: "threshold",
        titleCode: "nisab-reached",
        quarterlyReminder: true,
        monthlyReminder: true,
      },
      { now: new Date(Date.UTC(2024, 2, 11)), newId: ids(), reviewTitles },
    );
    if (!result.ok) throw new Error(result.code);
    expect(result.added.slice(0, 4).map((m) => milestoneTitle(m))).toEqual([
      { code: "nisab-reached", params: {} },
      { code: "review-monthly", params: {} },
      { code: "review-monthly", params: {} },
      { code: "review-quarterly", params: { percent: 25 } },
    ]);
    expect(result.added.map((m) => m.titleParams)).toEqual([
      null,
      { month: 1 },
      { month: 2 },
      { percent: 25 },
      { month: 4 },
      { month: 5 },
      { percent: 50 },
      { month: 7 },
      { month: 8 },
      { percent: 75 },
      { month: 10 },
      { month: 11 },
      { percent: 100 },
    ]);
  });

  it.each([
    ["threshold", "nisab-reached", "nisab-reached"],
    ["threshold-down", "nisab-below", "nisab-below"],
    // a code that is not its type's is not stored: the title stays as typed
    ["threshold", "nisab-below", null],
    ["due", "nisab-reached", null],
  ] as const)("a %s sent with %s stores %s", (type, code, stored) => {
    const base = addMilestone(
      [],
      { date: "2024-03-11", title: "Up", type: "threshold" },
      { now: new Date(0), newId: ids(), reviewTitles },
    );
    if (!base.ok) throw new Error(base.code);
    const result = addMilestone(
      type === "threshold" ? [] : base.milestones,
      { date: "2024-04-01", title: "Typed", type, titleCode: code },
      { now: new Date(1000), newId: () => "new", reviewTitles },
    );
    if (!result.ok) throw new Error(result.code);
    expect(result.added[0]!.titleCode).toBe(stored);
  });

  it("a typed title stays as typed in every language; a cancelled review loses its marker", () => {
    const typed: Pick<Milestone, "title" | "titleCode" | "titleParams"> = {
      title: "Pay the mosque",
      titleCode: null,
      titleParams: null,
    };
    expect(milestoneTitle(typed)).toEqual({ code: null, text: "Pay the mosque" });
    expect(milestoneTitle({ title: "Mijn controle (Cancelled)" })).toEqual({
      code: null,
      text: "Mijn controle",
    });
    expect(
      milestoneTitle({
        title: "25% Zakat Review (Cancelled)",
        titleCode: "review-quarterly",
        titleParams: { percent: 25 },
      }),
    ).toEqual({ code: "review-quarterly", params: { percent: 25 } });
    // unknown parameters: the stored title, as typed
    expect(
      milestoneTitle({
        title: "Bilan (Cancelled)",
        titleCode: "review-quarterly",
        titleParams: {},
      }),
    ).toEqual({ code: null, text: "Bilan" });
  });
});
