import { describe, expect, it } from "vitest";
import { feedEventOf, onTheDayOffset, weekBeforeOffset, type FeedEvent } from "./calendar-feed.ts";
import type { Milestone } from "./milestone.ts";

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
