import { describe, expect, it } from "vitest";
import { calculateRequestSchema, calculateRequestExample } from "./calculate.ts";
import { toCalculateResponse, toZakatInput } from "./calculate-convert.ts";
import { calculateZakat } from "../domain/zakat/calculate.ts";

// Money amounts as a string or { amount, currency }, and rates (decision 022).

const issues = (body: unknown) =>
  calculateRequestSchema.safeParse(body).error?.issues.map((i) => [i.path.join("."), i.message]);

const body = (cashAmounts: unknown, extra: Record<string, unknown> = {}) => ({
  currency: "EUR",
  prices: { goldPerGram: "80", silverPerGram: "0.95" },
  cashAmounts,
  ...extra,
});

describe("calculateRequestSchema: money amounts", () => {
  it("accepts an old body unchanged, and computes the answer it always did (no new fields)", () => {
    const parsed = calculateRequestSchema.parse(calculateRequestExample);
    const response = toCalculateResponse(calculateZakat(toZakatInput(parsed)));
    expect(response.zakatDue).toBe("327.50");
    expect(Object.keys(response)).not.toContain("rates");
    expect(Object.keys(response)).not.toContain("asOf");
    expect(response.lines.some((l) => "conversion" in l)).toBe(false);
  });

  it.each([
    ["a string", { cashInHand: "1000" }],
    ["an object", { cashInHand: { amount: "1000", currency: "USD" } }],
    [
      "a bank account in MAD",
      { bankAccounts: [{ id: "b", amount: { amount: "1", currency: "MAD" } }] },
    ],
  ])("accepts %s", (_name, cash) => {
    expect(issues(body(cash))).toBeUndefined();
  });

  it.each([
    [
      "a malformed string, with its code as before",
      { cashInHand: "1e3" },
      "cashAmounts.cashInHand",
      "invalid_decimal",
    ],
    ["a negative string", { cashInHand: "-1" }, "cashAmounts.cashInHand", "negative"],
    [
      "a number, with the message as before",
      { cashInHand: 5 },
      "cashAmounts.cashInHand",
      "Invalid input: expected string, received number",
    ],
    [
      "an object with a bad amount",
      { cashInHand: { amount: "1,5", currency: "USD" } },
      "cashAmounts.cashInHand.amount",
      "invalid_decimal",
    ],
    [
      "an unknown currency",
      { cashInHand: { amount: "1", currency: "XAU" } },
      "cashAmounts.cashInHand",
      "Invalid input",
    ],
  ])("refuses %s", (_name, cash, path, message) => {
    expect(issues(body(cash))).toEqual([[path, message]]);
  });

  it("accepts rates as values or with source and day, and refuses a zero rate", () => {
    expect(issues(body({}, { rates: { USD: "0.90" } }))).toBeUndefined();
    expect(
      issues(body({}, { rates: { USD: { rate: "0.9", source: "live", date: "2026-11-20" } } })),
    ).toBeUndefined();
    expect(issues(body({}, { rates: { USD: "0" } }))).toEqual([["rates.USD", "must_be_positive"]]);
    expect(issues(body({}, { rates: { XXX: "1" } }))?.[0]?.[0]).toMatch(/^rates/);
  });

  it("the issue's figure through the wire: 1,000 USD at 0.90 and 500 EUR → 1,400.00, due 35.00", () => {
    const parsed = calculateRequestSchema.parse(
      body(
        {
          cashInHand: { amount: "1000", currency: "USD" },
          bankAccounts: [{ id: "b1", amount: "500" }],
        },
        {
          methodology: { preset: "standard" },
          assetSelection: { cash: true },
          asOf: "2026-11-20",
          rates: { USD: "0.90" },
        },
      ),
    );
    const response = toCalculateResponse(calculateZakat(toZakatInput(parsed)));
    expect(response.zakatableAmount).toBe("1400.00");
    expect(response.zakatDue).toBe("35.00");
    expect(response.rates).toEqual({
      USD: { rate: "0.90", source: "request", date: "2026-11-20" },
    });
    expect(response.lines[0]!.conversion).toEqual({
      amount: "1000",
      currency: "USD",
      rate: "0.9",
      source: "request",
      date: "2026-11-20",
      value: "900.00",
    });
  });
});
