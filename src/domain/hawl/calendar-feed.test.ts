import { describe, expect, it } from "vitest";
import { feedEventOf, feedWords, onTheDayOffset, weekBeforeOffset } from "./calendar-feed.ts";
import { hawlLanguages } from "./hijri.ts";
import type { Milestone } from "./milestone.ts";

// The calendar feed's mapping of a milestone (issue 15): one row per case, the expected event
// written out.

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

type Row = [
  name: string,
  milestone: Partial<Milestone>,
  lang: "en" | "fr" | "nl",
  expected: { summary: string; description: string; alarms: number; cancelled?: boolean },
];

const rows: Row[] = [
  [
    "a due milestone typed by a person rings twice",
    {},
    "en",
    {
      summary: "Pay zakat",
      description: "Hijri date: 12 Ramadan 1447 AH\nZakat reminder",
      alarms: 2,
    },
  ],
  [
    "a quarterly review in French",
    { title: "25% Zakat Review", titleCode: "review-quarterly", titleParams: { percent: 25 } },
    "fr",
    {
      summary: "Bilan de zakat à 25 %",
      description: "Date hégirienne : 12 ramadan 1447 AH\nRappel de zakat",
      alarms: 2,
    },
  ],
  [
    "a monthly review in Dutch",
    { title: "Monthly Zakat Review", titleCode: "review-monthly", titleParams: { month: 1 } },
    "nl",
    {
      summary: "Maandelijkse zakatcontrole",
      description: "Hijri-datum: 12 Ramadan 1447 AH\nZakatherinnering",
      alarms: 2,
    },
  ],
  [
    "a completed due milestone is marked done and no longer rings",
    { completed: true },
    "en",
    {
      summary: "Pay zakat (Done)",
      description: "Hijri date: 12 Ramadan 1447 AH\nZakat reminder",
      alarms: 0,
    },
  ],
  [
    "a cancelled review says so and does not ring",
    { title: "50% Zakat Review (Cancelled)" },
    "en",
    {
      summary: "50% Zakat Review (Cancelled)",
      description: "Hijri date: 12 Ramadan 1447 AH\nZakat reminder",
      alarms: 0,
      cancelled: true,
    },
  ],
  [
    "a threshold names the day zakat falls due, in both calendars",
    {
      type: "threshold",
      title: "Nisab reached",
      titleCode: "nisab-reached",
      endDate: "2027-02-18",
    },
    "en",
    {
      summary: "Nisab reached",
      description:
        "Hijri date: 12 Ramadan 1447 AH\nYour wealth reached the nisab: the hawl starts.\n" +
        "Zakat due on 18/02/2027 (11 Ramadan 1448 AH) if the hawl completes.",
      alarms: 0,
    },
  ],
  [
    "a threshold-down in French",
    { type: "threshold-down", title: "Fell below nisab", titleCode: "nisab-below" },
    "fr",
    {
      summary: "Passé sous le nisab",
      description:
        "Date hégirienne : 12 ramadan 1447 AH\nVotre patrimoine est passé sous le nisab.",
      alarms: 0,
    },
  ],
  [
    "a payment does not ring",
    { type: "payment", title: "Paid the mosque" },
    "nl",
    {
      summary: "Paid the mosque",
      description: "Hijri-datum: 12 Ramadan 1447 AH\nZakatbetaling",
      alarms: 0,
    },
  ],
];

describe("feedEventOf", () => {
  it.each(rows)("%s", (_name, overrides, lang, expected) => {
    const event = feedEventOf({ ...base, ...overrides }, lang);
    expect(event.summary).toBe(expected.summary);
    expect(event.description).toBe(expected.description);
    expect(event.alarms).toHaveLength(expected.alarms);
    expect(event.cancelled).toBe(expected.cancelled ?? false);
    expect(event.start).toBe("2026-03-01");
    expect(event.end).toBe("2026-03-02");
    expect(event.milestoneId).toBe("m1");
  });

  it.each([
    ["2026-12-31", "2027-01-01"],
    ["2028-02-28", "2028-02-29"],
    ["2028-02-29", "2028-03-01"],
  ])("an event on %s ends (exclusively) on %s", (date, end) => {
    expect(feedEventOf({ ...base, date }, "en").end).toBe(end);
  });

  it.each(hawlLanguages)("alarms in %s: 09:00 a week before and 09:00 on the day", (lang) => {
    const alarms = feedEventOf(base, lang).alarms;
    expect(alarms.map((a) => a.offsetSeconds)).toEqual([weekBeforeOffset, onTheDayOffset]);
    expect(weekBeforeOffset).toBe(-(6 * 24 + 15) * 3600);
    expect(onTheDayOffset).toBe(9 * 3600);
    expect(alarms[0]!.description).toBe(feedWords[lang].weekBefore("Pay zakat"));
    expect(alarms[1]!.description).toBe(feedWords[lang].onTheDay("Pay zakat"));
  });
});
