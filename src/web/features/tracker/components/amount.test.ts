import { describe, expect, it } from "vitest";
import { amountAsTyped, checkTrackerAmount } from "./amount";

// issue 30: the tracker reads amounts with the calculator's parser, in the obligation's currency
describe("checkTrackerAmount", () => {
  it("reads a pasted bank amount in the tracker's currency, and refuses another currency's", () => {
    expect(checkTrackerAmount("€ 2.500,00", "en", "EUR")).toEqual({ ok: true, value: "2500.00" });
    expect(checkTrackerAmount("$ 2,500.00", "en", "EUR")).toEqual({
      ok: false,
      error: "other_currency",
    });
  });

  it("does not guess an amount that reads two ways, nor take 0", () => {
    expect(checkTrackerAmount("12.500", "en", "EUR")).toEqual({ ok: false, error: "ambiguous" });
    expect(checkTrackerAmount("0,00", "fr", "EUR")).toEqual({ ok: false, error: "zero" });
  });

  it("writes an amount back so that it reads the same", () => {
    expect(amountAsTyped("12.500", "nl")).toBe("12,5");
  });
});
