import { describe, expect, it } from "vitest";
import { generateReviews, reviewPlan, reviewTitles } from "./reviews.ts";

describe("reviewPlan", () => {
  it.each([
    [{ quarterly: false, monthly: false }, []],
    [
      { quarterly: true, monthly: false },
      ["3 25% Zakat Review", "6 50% Zakat Review", "9 75% Zakat Review", "12 100% Zakat Review"],
    ],
    [
      { quarterly: false, monthly: true },
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((k) => `${k} Monthly Zakat Review`),
    ],
    [
      { quarterly: true, monthly: true },
      [
        "1 Monthly Zakat Review",
        "2 Monthly Zakat Review",
        "3 25% Zakat Review",
        "4 Monthly Zakat Review",
        "5 Monthly Zakat Review",
        "6 50% Zakat Review",
        "7 Monthly Zakat Review",
        "8 Monthly Zakat Review",
        "9 75% Zakat Review",
        "10 Monthly Zakat Review",
        "11 Monthly Zakat Review",
        "12 100% Zakat Review",
      ],
    ],
  ])("%j", (reminders, expected) => {
    expect(reviewPlan(reminders).map((r) => `${r.months} ${r.title}`)).toEqual(expected);
  });

  it.each([
    ["en", "25% Zakat Review", "Monthly Zakat Review"],
    ["fr", "Bilan de zakat à 25 %", "Bilan mensuel de zakat"],
    ["nl", "Zakatcontrole 25%", "Maandelijkse zakatcontrole"],
  ] as const)("titles in %s", (lang, quarter, monthly) => {
    const plan = reviewPlan({ quarterly: true, monthly: true }, reviewTitles[lang]);
    expect(plan[2]!.title).toBe(quarter);
    expect(plan[0]!.title).toBe(monthly);
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
    );
    expect(reviews.map((r) => r.date)).toEqual(dates);
    expect(reviews.map((r) => r.id)).toEqual(["r1", "r2", "r3", "r4"]);
    expect(new Set(reviews.map((r) => `${r.type} ${r.code} ${r.parentCode}`))).toEqual(
      new Set(["due ZT1 ZT1"]),
    );
  });
});
