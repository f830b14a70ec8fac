import { describe, expect, it } from "vitest";
import { generateReviews, reviewPlan, type ReviewPlanEntry } from "./reviews.ts";
import { testReviewTitles } from "./test-timeline.ts";

// A review's title is a code here; its words are the catalogs' (tests/unit/hawl-words.test.ts).
const label = (r: ReviewPlanEntry) =>
  r.title.code === "review-quarterly"
    ? `${r.months} ${r.title.params.percent}%`
    : `${r.months} monthly`;

describe("reviewPlan", () => {
  it.each([
    [{ quarterly: false, monthly: false }, []],
    [{ quarterly: true, monthly: false }, ["3 25%", "6 50%", "9 75%", "12 100%"]],
    [
      { quarterly: false, monthly: true },
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((k) => `${k} monthly`),
    ],
    [
      { quarterly: true, monthly: true },
      [
        "1 monthly",
        "2 monthly",
        "3 25%",
        "4 monthly",
        "5 monthly",
        "6 50%",
        "7 monthly",
        "8 monthly",
        "9 75%",
        "10 monthly",
        "11 monthly",
        "12 100%",
      ],
    ],
  ])("%j", (reminders, expected) => {
    expect(reviewPlan(reminders).map(label)).toEqual(expected);
  });
});

describe("generateReviews", () => {
  it.each([
    // 1 Ramadan 1445
    ["2024-03-11", ["2024-06-07", "2024-09-04", "2024-12-02", "2025-03-01"]],
    // 30 Dhu al-Hijjah 1445: +3 is 30 Rabi al-Awwal (exists), +12 clamps to 29 Dhu al-Hijjah
    ["2024-07-06", ["2024-10-03", "2024-12-31", "2025-03-29", "2025-06-25"]],
    // 29 Muharram 1446
    ["2024-08-04", ["2024-11-01", "2025-01-29", "2025-04-27", "2025-07-24"]],
  ])("quarterly reviews of a threshold on %s", (date, dates) => {
    let n = 0;
    const reviews = generateReviews(
      { date, code: "ZT1", quarterlyReminder: true, monthlyReminder: false },
      () => `r${++n}`,
      testReviewTitles,
    );
    expect(reviews.map((r) => r.date)).toEqual(dates);
    expect(reviews.map((r) => r.id)).toEqual(["r1", "r2", "r3", "r4"]);
    expect(new Set(reviews.map((r) => `${r.type} ${r.code} ${r.parentCode}`))).toEqual(
      new Set(["due ZT1 ZT1"]),
    );
  });

  it("stores the titles it is given (the adder's language) with the code they render from", () => {
    const reviews = generateReviews(
      { date: "2024-03-11", code: "ZT1", quarterlyReminder: true, monthlyReminder: true },
      () => "r",
      { quarterly: ["q25", "q50", "q75", "q100"], monthly: "m" },
    );
    expect(reviews.map((r) => [r.title, r.titleCode, r.titleParams])).toEqual([
      ["m", "review-monthly", { month: 1 }],
      ["m", "review-monthly", { month: 2 }],
      ["q25", "review-quarterly", { percent: 25 }],
      ["m", "review-monthly", { month: 4 }],
      ["m", "review-monthly", { month: 5 }],
      ["q50", "review-quarterly", { percent: 50 }],
      ["m", "review-monthly", { month: 7 }],
      ["m", "review-monthly", { month: 8 }],
      ["q75", "review-quarterly", { percent: 75 }],
      ["m", "review-monthly", { month: 10 }],
      ["m", "review-monthly", { month: 11 }],
      ["q100", "review-quarterly", { percent: 100 }],
    ]);
  });
});
