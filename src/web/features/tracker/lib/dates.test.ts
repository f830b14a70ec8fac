import { describe, expect, it } from "vitest";
import { elapsedHijri } from "#domain/hawl/hijri.ts";
import { relativeDay } from "./dates";

// The relative line sits beside "Elapsed (Hijri)" on the dashboard and the tracker: both count
// Hijri months, so they never say "2 months ago" beside "3 months" (issue 30).
const today = "2026-11-28";

describe("relativeDay", () => {
  it.each([
    ["2026-11-28", "en", "today"],
    ["2026-11-25", "en", "3 days ago"],
    ["2026-12-01", "en", "in 3 days"],
    // 89 days back: two Gregorian months (and 28 days), three Hijri months
    ["2026-08-29", "en", "3 months ago"],
    ["2026-08-29", "fr", "il y a 3 mois"],
    ["2026-08-29", "nl", "3 maanden geleden"],
    ["2026-09-01", "en", "2 months ago"],
    ["2026-10-28", "en", "last month"],
    ["2025-11-28", "en", "last year"],
    // due dates ahead: one Hijri year after a day is less than a Gregorian year
    ["2027-02-25", "en", "in 3 months"],
    ["2027-11-17", "en", "next year"],
  ] as const)("%s seen from 2026-11-28 in %s: %s", (day, lang, expected) => {
    expect(relativeDay(day, today, lang)).toBe(expected);
  });

  it("agrees with the Hijri elapsed time for every day of the last two years", () => {
    const start = Date.parse(`${today}T00:00:00Z`);
    for (let back = 0; back <= 730; back++) {
      const day = new Date(start - back * 86_400_000).toISOString().slice(0, 10);
      const elapsed = elapsedHijri(day, today);
      if (elapsed.kind !== "elapsed") throw new Error(day);
      const months = elapsed.years * 12 + elapsed.months;
      const words = relativeDay(day, today, "en");
      if (months === 0) expect(words, day).toMatch(/day|today/);
      else if (months < 12)
        expect(words, day).toBe(months === 1 ? "last month" : `${months} months ago`);
      else expect(words, day).toMatch(/year/);
    }
  });
});
