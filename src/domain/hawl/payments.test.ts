import { describe, expect, it } from "vitest";
import { exceedsRemaining, paymentState, remainingToPay } from "./payments.ts";

describe("payments ledger", () => {
  it.each([
    // amount, paid, remaining, state
    ["100", "0", "100", "unpaid"],
    ["100", "40.5", "59.5", "partial"],
    ["100", "100", "0", "paid"],
    ["100.00", "99.99", "0.01", "partial"],
    // an old ledger that says more was paid than owed is paid, never negative
    ["100", "120", "0", "paid"],
    ["0", "0", "0", "paid"],
  ])("%s owed, %s paid: %s left, %s", (amount, paid, remaining, state) => {
    expect(remainingToPay(amount, paid)).toBe(remaining);
    expect(paymentState(amount, paid)).toBe(state);
  });

  it.each([
    ["100", "40", "60", false],
    ["100", "40", "60.01", true],
    ["100", "100", "0.01", true],
    ["0.3", "0.1", "0.2", false], // exact decimals: 0.3 − 0.1 is 0.2, not 0.19999…
  ])("%s owed, %s paid: paying %s exceeds → %s", (amount, paid, payment, exceeds) => {
    expect(exceedsRemaining(amount, paid, payment)).toBe(exceeds);
  });
});
