import { describe, expect, it } from "vitest";
import { toMinorUnitString } from "../money/decimal.ts";
import { calculateZakat, convertAmount, foreignCurrencies } from "./calculate.ts";
import type { ExchangeRates, MoneyAmount } from "./input.ts";
import { exampleInput, type ExampleSpec } from "./test-input.ts";

// Amounts in other currencies (docs/decisions/022-live-prices-currencies-as-of.md): converted at
// the rate given (value of one unit in the calculation's currency), exactly, before the rules.
// Gold 80 and silver 0.95 per gram; standard preset (85 g / 595 g): nisab 565.25.

const rate = (value: string, source: "request" | "live" = "request", date = "2026-11-20") => ({
  rate: value,
  source,
  date,
});

type Row = [
  name: string,
  spec: ExampleSpec,
  expected: { zakatable: string; due: string; liabilities?: string },
];

const onlyCash = { moneyOwedToMe: false, sharesCrypto: false, businessAssets: false };

const rows: Row[] = [
  [
    "the issue's figure: EUR, cash 1,000 USD at 0.90 and a bank account of 500 EUR",
    {
      select: onlyCash,
      cash: { amount: "1000", currency: "USD" },
      banks: ["500"],
      rates: { USD: rate("0.90") },
    },
    { zakatable: "1400.00", due: "35.00" },
  ],
  [
    "an amount in the calculation's own currency as an object: no rate needed",
    { select: onlyCash, cash: { amount: "1000", currency: "EUR" } },
    { zakatable: "1000.00", due: "25.00" },
  ],
  [
    "MAD beside EUR: 10,000 MAD at 0.0935",
    {
      select: onlyCash,
      cash: "200",
      banks: [{ amount: "10000", currency: "MAD" }, "300"],
      rates: { MAD: rate("0.0935") },
    },
    { zakatable: "1435.00", due: "35.88" },
  ],
  [
    "a foreign liability is deducted at its rate",
    {
      select: onlyCash,
      cash: "2000",
      debts: { creditCard: { amount: "500", currency: "GBP" } },
      rates: { GBP: rate("1.14") },
    },
    { zakatable: "1430.00", due: "35.75", liabilities: "570.00" },
  ],
  [
    "a rate of many decimals stays exact: 0.0000601 per IDR",
    {
      select: onlyCash,
      cash: { amount: "10000000", currency: "IDR" },
      rates: { IDR: rate("0.0000601") },
    },
    { zakatable: "601.00", due: "15.03" },
  ],
  [
    "converted below nisab: nothing due",
    {
      select: onlyCash,
      cash: { amount: "600", currency: "USD" },
      rates: { USD: rate("0.90") },
    },
    { zakatable: "540.00", due: "0.00" },
  ],
  [
    "long-term shares in USD at a 30 % proxy (Shafi'i/Hanbali preset's rule applies after conversion)",
    {
      select: { moneyOwedToMe: false, businessAssets: false },
      methodology: { longTermShares: "proxy30" },
      holdings: { longTermShares: { amount: "10000", currency: "USD" } },
      rates: { USD: rate("0.90") },
    },
    { zakatable: "2700.00", due: "67.50" },
  ],
];

describe("calculateZakat with amounts in other currencies", () => {
  it.each(rows)("%s", (_name, spec, expected) => {
    const result = calculateZakat(exampleInput("standard", spec));
    expect(toMinorUnitString(result.zakatableAmount, "EUR")).toBe(expected.zakatable);
    expect(toMinorUnitString(result.zakatDue, "EUR")).toBe(expected.due);
    if (expected.liabilities) {
      expect(toMinorUnitString(result.totalLiabilities, "EUR")).toBe(expected.liabilities);
    }
  });

  it("explains each converted line: original amount, rate, source and date", () => {
    const result = calculateZakat(
      exampleInput("standard", {
        select: onlyCash,
        cash: { amount: "1000", currency: "USD" },
        banks: ["500"],
        rates: { USD: rate("0.90", "live", "2026-11-19"), GBP: rate("1.14") },
      }),
    );
    const [cash, bank] = result.lines;
    expect(cash).toMatchObject({
      input: "cashAmounts.cashInHand",
      entered: "900",
      conversion: {
        amount: "1000",
        currency: "USD",
        rate: "0.9",
        source: "live",
        date: "2026-11-19",
      },
    });
    expect(cash!.conversion!.value.toFixed()).toBe("900");
    expect(bank!.conversion).toBeUndefined();
    // only the rates that converted an amount
    expect(result.rates).toEqual({ USD: rate("0.90", "live", "2026-11-19") });
  });

  it("refuses an amount in a currency without a rate", () => {
    expect(() =>
      calculateZakat(exampleInput("standard", { cash: { amount: "1", currency: "USD" } })),
    ).toThrow(new RangeError("No rate for USD in EUR"));
  });
});

describe("convertAmount", () => {
  const rates: ExchangeRates = { USD: rate("0.9"), MAD: rate("0.0935") };
  it.each([
    ["12.34", "12.34"],
    [{ amount: "12.34", currency: "EUR" }, "12.34"],
    [{ amount: "12.34", currency: "USD" }, "11.106"],
    [{ amount: "0.01", currency: "MAD" }, "0.000935"],
    [{ amount: "0", currency: "USD" }, "0"],
  ] as [MoneyAmount, string][])("%j → %s EUR", (value, expected) => {
    expect(convertAmount(value, "EUR", rates).value.toFixed()).toBe(expected);
  });
});

describe("foreignCurrencies", () => {
  it("names every other currency once, in the order met", () => {
    const input = exampleInput("standard", {
      cash: { amount: "1", currency: "USD" },
      banks: [
        { amount: "1", currency: "MAD" },
        { amount: "1", currency: "EUR" },
      ],
      owed: { loan: { amount: "1", currency: "USD" } },
      debts: { mortgage: { amount: "1", currency: "GBP" } },
    });
    expect(foreignCurrencies(input)).toEqual(["USD", "MAD", "GBP"]);
  });
});
