import { describe, expect, it } from "vitest";
import { addMilestone } from "./rules.ts";
import { generatedTitle, milestoneTitle } from "./titles.ts";
import type { Milestone } from "./milestone.ts";

// Generated titles are stored as a code and its parameters and rendered in the reader's
// language; a title typed by a person stays as typed (issue 11, item 6).

const ids = () => {
  let n = 0;
  return () => `m${++n}`;
};

describe("generated milestone titles", () => {
  it.each([
    ["nisab-reached", null, "en", "Nisab reached"],
    ["nisab-reached", null, "fr", "Nisab atteint"],
    ["nisab-reached", null, "nl", "Nisab bereikt"],
    ["nisab-below", null, "fr", "Passé sous le nisab"],
    ["review-quarterly", { percent: 25 }, "en", "25% Zakat Review"],
    ["review-quarterly", { percent: 25 }, "fr", "Bilan de zakat à 25 %"],
    ["review-quarterly", { percent: 100 }, "nl", "Zakatcontrole 100%"],
    ["review-monthly", { month: 4 }, "nl", "Maandelijkse zakatcontrole"],
    ["review-quarterly", { percent: 30 }, "en", null],
  ] as const)("%s %j in %s → %s", (code, params, lang, expected) => {
    expect(generatedTitle(code, params, lang)).toBe(expected);
  });

  it("a threshold added in English with reviews reads in French and Dutch", () => {
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
      { now: new Date(Date.UTC(2024, 2, 11)), newId: ids() },
    );
    if (!result.ok) throw new Error(result.code);
    const titles = (lang: "en" | "fr" | "nl") => result.added.map((m) => milestoneTitle(m, lang));
    expect(titles("en").slice(0, 4)).toEqual([
      "Nisab reached",
      "Monthly Zakat Review",
      "Monthly Zakat Review",
      "25% Zakat Review",
    ]);
    expect(titles("fr").slice(0, 4)).toEqual([
      "Nisab atteint",
      "Bilan mensuel de zakat",
      "Bilan mensuel de zakat",
      "Bilan de zakat à 25 %",
    ]);
    expect(titles("nl").at(-1)).toBe("Zakatcontrole 100%");
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
      { now: new Date(0), newId: ids() },
    );
    if (!base.ok) throw new Error(base.code);
    const result = addMilestone(
      type === "threshold" ? [] : base.milestones,
      { date: "2024-04-01", title: "Typed", type, titleCode: code },
      { now: new Date(1000), newId: () => "new" },
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
    expect(milestoneTitle(typed, "fr")).toBe("Pay the mosque");
    expect(milestoneTitle({ title: "Mijn controle (Cancelled)" }, "en")).toBe("Mijn controle");
    expect(
      milestoneTitle(
        {
          title: "25% Zakat Review (Cancelled)",
          titleCode: "review-quarterly",
          titleParams: { percent: 25 },
        },
        "nl",
      ),
    ).toBe("Zakatcontrole 25%");
  });
});
