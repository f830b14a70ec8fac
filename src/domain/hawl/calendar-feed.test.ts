import { describe, expect, it } from "vitest";
import {
  feedEventOf,
  onTheDayOffset,
  weekBeforeOffset,
  zakatDueDates,
  zakatDueEventOf,
  type FeedEvent,
} from "./calendar-feed.ts";
import type { HawlRule, Milestone } from "./milestone.ts";
import type { TrackerYearBasis } from "./year-basis.ts";

// The calendar feed's mapping of a milestone (issue 15): one row per case, the expected event
// written out as data. Its words in en, fr and nl: tests/unit/hawl-words.test.ts.

const base = {
  id: "m1",
  date: "2026-03-01",
  title: "Pay zakat",
  type: "due",
  completed: false,
  endDate: null,
  titleCode: null,
  titleParams: null,
} satisfies Partial<Milestone>;

const rings: FeedEvent["alarms"] = [
  { offsetSeconds: weekBeforeOffset, kind: "week-before" },
  { offsetSeconds: onTheDayOffset, kind: "on-the-day" },
];
const day = { code: "hijri-date", date: "2026-03-01" } as const;

type Row = [
  name: string,
  milestone: Partial<Milestone>,
  expected: Pick<FeedEvent, "title" | "status" | "description" | "alarms" | "cancelled">,
];

const rows: Row[] = [
  [
    "a due milestone typed by a person rings twice",
    {},
    {
      title: { code: null, text: "Pay zakat" },
      status: null,
      description: [day, { code: "kind", type: "due" }],
      alarms: rings,
      cancelled: false,
    },
  ],
  [
    "a quarterly review rings twice",
    { title: "x", titleCode: "review-quarterly", titleParams: { percent: 25 } },
    {
      title: { code: "review-quarterly", params: { percent: 25 } },
      status: null,
      description: [day, { code: "kind", type: "due" }],
      alarms: rings,
      cancelled: false,
    },
  ],
  [
    "a completed due milestone is marked done and no longer rings",
    { completed: true },
    {
      title: { code: null, text: "Pay zakat" },
      status: "completed",
      description: [day, { code: "kind", type: "due" }],
      alarms: [],
      cancelled: false,
    },
  ],
  [
    "a cancelled review says so and does not ring",
    {
      title: "50% Zakat Review (Cancelled)",
      titleCode: "review-quarterly",
      titleParams: { percent: 50 },
    },
    {
      title: { code: "review-quarterly", params: { percent: 50 } },
      status: "cancelled",
      description: [day, { code: "kind", type: "due" }],
      alarms: [],
      cancelled: true,
    },
  ],
  [
    "a threshold names the day zakat falls due",
    { type: "threshold", titleCode: "nisab-reached", endDate: "2027-02-18" },
    {
      title: { code: "nisab-reached", params: {} },
      status: null,
      description: [
        day,
        { code: "kind", type: "threshold" },
        { code: "zakat-due-on", date: "2027-02-18" },
      ],
      alarms: [],
      cancelled: false,
    },
  ],
  [
    "a threshold-down",
    { type: "threshold-down", titleCode: "nisab-below" },
    {
      title: { code: "nisab-below", params: {} },
      status: null,
      description: [day, { code: "kind", type: "threshold-down" }],
      alarms: [],
      cancelled: false,
    },
  ],
  [
    "a payment does not ring",
    { type: "payment", title: "Paid the mosque" },
    {
      title: { code: null, text: "Paid the mosque" },
      status: null,
      description: [day, { code: "kind", type: "payment" }],
      alarms: [],
      cancelled: false,
    },
  ],
];

describe("feedEventOf", () => {
  it.each(rows)("%s", (_name, overrides, expected) => {
    const event = feedEventOf({ ...base, ...overrides });
    expect(event).toEqual({
      ...expected,
      kind: "milestone",
      milestoneId: "m1",
      start: "2026-03-01",
      end: "2026-03-02",
      completed: overrides.completed ?? false,
    });
  });

  it.each([
    ["2026-12-31", "2027-01-01"],
    ["2028-02-28", "2028-02-29"],
    ["2028-02-29", "2028-03-01"],
  ])("an event on %s ends (exclusively) on %s", (date, end) => {
    expect(feedEventOf({ ...base, date }).end).toBe(end);
  });

  it("alarms: 09:00 a week before and 09:00 on the day", () => {
    expect(weekBeforeOffset).toBe(-(6 * 24 + 15) * 3600);
    expect(onTheDayOffset).toBe(9 * 3600);
  });
});

// Issue 30 #7: every zakat year's due date is an event of its own. "T"/"D" rows as
// [type, date]; the expected due dates as [threshold date, due date].
// Umm al-Qura: 2026-08-10 + 1 year = 2027-07-31; 2025-01-01 + 1 year = 2025-12-21.
const T = (date: string) => ({ id: `t${date}`, date, type: "threshold" as const });
const D = (date: string) => ({ id: `d${date}`, date, type: "threshold-down" as const });
const dueRows: [
  string,
  ReturnType<typeof T | typeof D>[],
  HawlRule,
  TrackerYearBasis,
  string[][],
][] = [
  [
    "one threshold: its year end",
    [T("2026-08-10")],
    "majority",
    "hijri",
    [["2026-08-10", "2027-07-31"]],
  ],
  [
    "Gregorian basis: 365 days",
    [T("2026-08-10")],
    "majority",
    "gregorian",
    [["2026-08-10", "2027-08-10"]],
  ],
  [
    "majority: a dip within the year breaks it",
    [T("2026-08-10"), D("2026-09-01")],
    "majority",
    "hijri",
    [],
  ],
  [
    "majority: a dip on the end day breaks it",
    [T("2026-08-10"), D("2027-07-31")],
    "majority",
    "hijri",
    [],
  ],
  [
    "a dip after the end leaves it",
    [T("2025-01-01"), D("2026-01-10")],
    "majority",
    "hijri",
    [["2025-01-01", "2025-12-21"]],
  ],
  [
    "majority: a dip then a new threshold: only the new year",
    [T("2026-01-10"), D("2026-03-01"), T("2026-08-10")],
    "majority",
    "hijri",
    [["2026-08-10", "2027-07-31"]],
  ],
  [
    "majority: two thresholds in one year (stored before decision 052): the later one",
    [T("2026-08-10"), T("2026-09-01")],
    "majority",
    "hijri",
    [["2026-09-01", "2027-08-21"]],
  ],
  [
    "a threshold on the end day: both years",
    [T("2025-01-01"), T("2025-12-21")],
    "majority",
    "hijri",
    [
      ["2025-01-01", "2025-12-21"],
      ["2025-12-21", "2026-12-10"],
    ],
  ],
  [
    "Hanafi: a dip regained within the year keeps the first year only",
    [T("2026-01-10"), D("2026-03-01"), T("2026-08-10")],
    "hanafi",
    "hijri",
    [["2026-01-10", "2026-12-30"]],
  ],
  [
    "Hanafi: below at the year end owes nothing",
    [T("2026-01-10"), D("2026-03-01")],
    "hanafi",
    "hijri",
    [],
  ],
];

describe("zakatDueDates", () => {
  it.each(dueRows)("%s", (_name, rows, rule, basis, expected) => {
    expect(zakatDueDates(rows, rule, basis).map((d) => [d.threshold.date, d.due])).toEqual(
      expected,
    );
  });

  it("the due event is all-day on the due date, rings twice and names the hawl's start", () => {
    const threshold = { ...base, id: "t1", type: "threshold" as const, date: "2026-08-10" };
    expect(zakatDueEventOf(threshold, "2027-07-31")).toEqual({
      kind: "zakat-due",
      milestoneId: "t1-zakat-due",
      start: "2027-07-31",
      end: "2027-08-01",
      title: { code: null, text: "Pay zakat" },
      status: null,
      description: [
        { code: "hijri-date", date: "2027-07-31" },
        { code: "hawl-began-on", date: "2026-08-10" },
      ],
      cancelled: false,
      completed: false,
      alarms: rings,
    });
  });
});
