import { describe, expect, it } from "vitest";
import {
  fullDate,
  hijriCellText,
  hijriDate,
  hijriPeriodTitle,
  monthTitle,
  periodTitle,
  weekdayNames,
} from "./calendar-format";

// The product's one date style (domain/dates, decision 055) in the page's language. 1 Ramadan
// 1446 AH was 1 March 2025 on the Umm al-Qura calendar; 1 Muharram 1447 AH was 26 June 2025.
const plain = (text: string) => text.replace(/[\u00a0\u202f\u2009]/g, " ");

describe("weekday names start on Sunday", () => {
  it.each([
    ["en-US", "short", ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]],
    ["fr-FR", "long", ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"]],
    [
      "nl-NL",
      "long",
      ["zondag", "maandag", "dinsdag", "woensdag", "donderdag", "vrijdag", "zaterdag"],
    ],
  ] as const)("%s %s", (tag, width, names) => {
    expect(weekdayNames(tag, width)).toEqual(names);
  });
});

describe("Gregorian titles", () => {
  it.each([
    ["en-US", "March 2025", "Sunday 2 March 2025"],
    ["fr-FR", "mars 2025", "dimanche 2 mars 2025"],
    ["nl-NL", "maart 2025", "zondag 2 maart 2025"],
  ])("%s", (tag, month, day) => {
    expect(plain(monthTitle(tag, "2025-03-02"))).toBe(month);
    expect(plain(fullDate(tag, "2025-03-02"))).toBe(day);
    expect(plain(periodTitle("month", tag, "2025-03-02"))).toBe(month);
    expect(plain(periodTitle("day", tag, "2025-03-02"))).toBe(day);
  });

  it.each([
    ["en-US", "2025-03-12", /^9–15 March 2025$/],
    ["en-US", "2025-12-31", /^28 December 2025 – 3 January 2026$/],
    ["fr-FR", "2025-04-01", /^30 mars – 5 avril 2025$/],
    ["nl-NL", "2025-04-01", /^30 maart – 5 april 2025$/],
  ])("the week of %s in %s", (tag, day, title) => {
    expect(plain(periodTitle("week", tag, day))).toMatch(title);
  });
});

describe("Hijri dates and months", () => {
  it.each([
    ["en-US", "2025-03-01", /^1 Ramadan 1446 AH$/],
    ["fr-FR", "2025-03-02", /^2 ramadan 1446 AH$/],
    ["nl-NL", "2025-06-26", /^1 Moeharram 1447 AH$/],
  ])("hijriDate %s %s", (tag, day, expected) => {
    expect(plain(hijriDate(tag, day))).toMatch(expected);
  });

  it.each([
    // a Gregorian month over two Hijri months
    ["month", "en-US", "2025-03-20", /^Ramadan – Shawwal 1446 AH$/],
    // over a Hijri year end
    ["month", "en-US", "2025-06-10", /^Dhu al-Hijjah 1446 – Muharram 1447 AH$/],
    // a week inside one Hijri month
    ["week", "en-US", "2025-03-05", /^Ramadan 1446 AH$/],
    ["month", "fr-FR", "2025-03-20", /^ramadan – chawwal 1446 AH$/],
    ["day", "fr-FR", "2025-03-02", /^2 ramadan 1446 AH$/],
  ] as const)("%s of %s in %s", (view, tag, day, expected) => {
    expect(plain(hijriPeriodTitle(view, tag, day))).toMatch(expected);
  });

  it.each([
    ["2025-03-06", false, "6"], // an ordinary day: the number
    ["2025-03-01", false, "1 Ramadan"], // 1 Ramadan: with the month
    ["2025-03-06", true, "6 Ramadan"], // the first cell: with the month
  ] as const)("cell text of %s (first cell %s)", (day, first, expected) => {
    const text = hijriCellText("en-US", day, first);
    if (typeof expected === "string") expect(text).toBe(expected);
    else expect(text).toMatch(expected);
  });
});
