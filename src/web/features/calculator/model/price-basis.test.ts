import { describe, expect, it } from "vitest";
import { isStale, priceBasisOf } from "./price-basis";
import type { Draft } from "./draft";

const now = new Date("2026-11-23T12:00:00.000Z");
const prices = { goldPerGram: "80", silverPerGram: "0.95" };
const draftWith = (priceSource: Draft["settings"]["priceSource"], pricesUpdatedAt: string | null) =>
  ({ settings: { priceSource, pricesUpdatedAt } }) as Pick<Draft, "settings">;

describe("priceBasisOf (issue 11: what the amount rests on)", () => {
  it.each<[string, Draft["settings"]["priceSource"], string | null, "default" | "old" | null]>([
    ["live prices of today", "live", "2026-11-23T08:00:00.000Z", null],
    ["live prices of exactly 7 days ago", "live", "2026-11-16T12:00:00.000Z", null],
    ["last known prices of 8 days ago", "cache", "2026-11-15T11:00:00.000Z", "old"],
    ["prices typed a month ago", "manual", "2026-10-20T09:00:00.000Z", "old"],
    ["prices typed today", "manual", "2026-11-23T11:59:00.000Z", null],
    [
      "Hawl's shipped prices, whatever their date",
      "default",
      "2026-11-23T00:00:00.000Z",
      "default",
    ],
    ["Hawl's shipped prices of last year", "default", "2025-10-31T00:00:00.000Z", "default"],
    ["no source (an older draft): typed by hand, no date", null, null, null],
  ])("%s", (_, source, date, warning) => {
    const basis = priceBasisOf(draftWith(source, date), prices, now);
    expect(basis).toEqual({
      goldPerGram: "80",
      silverPerGram: "0.95",
      source: source ?? "manual",
      date,
      warning,
    });
  });

  it("an unreadable date is not called old", () => {
    expect(isStale("not a date", now)).toBe(false);
    expect(isStale(null, now)).toBe(false);
  });
});
