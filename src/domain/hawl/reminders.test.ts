import { describe, expect, it } from "vitest";
import { plainMilestone, type Milestone } from "./milestone.ts";
import { remindersDue, type ReminderChoice } from "./reminders.ts";
import { generateReviews } from "./reviews.ts";
import { testReviewTitles } from "./test-timeline.ts";

// Which reminders are due on a day (issue 15): one row per case, the expected reminders
// written out as "kind date daysLeft".
//
// The timeline: a threshold on 2025-03-01 (1 Ramadan 1446) with quarterly and monthly reviews
// (each on the 1st of a Hijri month; its year ends 2026-02-18, 1 Ramadan 1447), and a due
// milestone typed by a person on 2025-06-10.

const threshold: Milestone = {
  id: "t",
  date: "2025-03-01",
  title: "Nisab reached",
  type: "threshold",
  completed: false,
  code: "ZT1",
  parentCode: null,
  endDate: "2026-02-18",
  quarterlyReminder: true,
  monthlyReminder: true,
  titleCode: "nisab-reached",
  titleParams: null,
};
let ids = 0;
const reviews = generateReviews(threshold, () => `r${++ids}`, testReviewTitles);
const handDue: Milestone = plainMilestone({
  id: "d",
  date: "2025-06-10",
  title: "Pay the mosque",
  type: "due",
});
const timeline = [threshold, ...reviews, handDue];

const all: ReminderChoice = { quarterlyReviews: true, monthlyReviews: true, weekBeforeDue: true };
const defaults: ReminderChoice = {
  quarterlyReviews: true,
  monthlyReviews: false,
  weekBeforeDue: true,
};
const none: ReminderChoice = {
  quarterlyReviews: false,
  monthlyReviews: false,
  weekBeforeDue: false,
};

type Row = [
  name: string,
  today: string,
  choice: ReminderChoice,
  expected: string[],
  ms?: Milestone[],
];

const rows: Row[] = [
  ["the threshold's own day: nothing", "2025-03-01", all, []],
  ["a monthly review, switched on", "2025-03-30", all, ["review 2025-03-30 0"]],
  ["a monthly review, switched off", "2025-03-30", defaults, []],
  ["the day after a review: nothing", "2025-03-31", all, []],
  ["the 25% review (quarterly)", "2025-05-28", defaults, ["review 2025-05-28 0"]],
  ["the 25% review, quarterly off", "2025-05-28", none, []],
  ["a due milestone 8 days ahead: nothing", "2025-06-02", all, []],
  ["a due milestone a week ahead", "2025-06-03", all, ["due-soon 2025-06-10 7"]],
  ["a week ahead without the week-before choice", "2025-06-03", none, []],
  ["a due milestone 6 days ahead: nothing (not caught up)", "2025-06-04", all, []],
  [
    "a due milestone on its day, whatever the choice",
    "2025-06-10",
    none,
    ["due-today 2025-06-10 0"],
  ],
  ["the zakat due date a week ahead", "2026-02-11", defaults, ["zakat-due-soon 2026-02-18 7"]],
  ["the due date a week ahead, week-before off", "2026-02-11", none, []],
  // the 100% review is the due date itself: said once
  ["the zakat due date", "2026-02-18", all, ["zakat-due-today 2026-02-18 0"]],
  ["the due date with every choice off", "2026-02-18", none, ["zakat-due-today 2026-02-18 0"]],
  ["the day after the due date: nothing", "2026-02-19", all, []],
  [
    "a completed due milestone: nothing",
    "2025-06-10",
    all,
    [],
    [threshold, { ...handDue, completed: true }],
  ],
  [
    "a cancelled due milestone: nothing",
    "2025-06-10",
    all,
    [],
    [threshold, { ...handDue, title: "Pay the mosque (Cancelled)" }],
  ],
  [
    "a year broken by a threshold-down (majority): no due date, its later reviews cancelled",
    "2026-02-11",
    all,
    [],
    [
      threshold,
      { ...handDue, id: "down", date: "2025-09-01", type: "threshold-down", code: "ZT1" },
      ...reviews.map((r) =>
        r.date > "2025-09-01" ? { ...r, title: `${r.title} (Cancelled)` } : r,
      ),
    ],
  ],
  [
    "two on one day: the zakat due date first",
    "2026-02-11",
    all,
    ["zakat-due-soon 2026-02-18 7", "due-soon 2026-02-18 7"],
    [...timeline, { ...handDue, id: "d2", date: "2026-02-18", title: "Also due" }],
  ],
];

describe("remindersDue", () => {
  it.each(rows)("%s", (_name, today, choice, expected, ms = timeline) => {
    const found = remindersDue({ milestones: ms, today, choice, rule: "majority", basis: "hijri" });
    expect(found.map((r) => `${r.kind} ${r.date} ${r.daysLeft}`)).toEqual(expected);
  });

  it("names each reminder for good: the same key every time, distinct per kind and day", () => {
    const at = (today: string) =>
      remindersDue({ milestones: timeline, today, choice: all, rule: "majority", basis: "hijri" });
    expect(at("2025-06-03")[0]!.key).toBe("due-soon:d:2025-06-10");
    expect(at("2025-06-10")[0]!.key).toBe("due-today:d:2025-06-10");
    expect(at("2026-02-11")[0]!.key).toBe("zakat-due-soon:2025-03-01:2026-02-18");
    expect(at("2026-02-18")[0]!.key).toBe("zakat-due-today:2025-03-01:2026-02-18");
    expect(at("2025-03-30")[0]!.key).toBe(`review:${reviews[0]!.id}:2025-03-30`);
    // a due milestone moved to another day is a new reminder
    const moved = remindersDue({
      milestones: [{ ...handDue, date: "2025-06-11" }],
      today: "2025-06-11",
      choice: all,
      rule: "majority",
      basis: "hijri",
    });
    expect(moved[0]!.key).toBe("due-today:d:2025-06-11");
  });

  it("the Gregorian basis: the year ends 365 days after the threshold", () => {
    const found = remindersDue({
      milestones: [threshold],
      today: "2026-03-01",
      choice: none,
      rule: "majority",
      basis: "gregorian",
    });
    expect(found.map((r) => `${r.kind} ${r.date}`)).toEqual(["zakat-due-today 2026-03-01"]);
  });
});
