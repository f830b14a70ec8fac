import { describe, expect, it } from "vitest";
import { currencyCodes, minorUnits, isCurrencyCode } from "./currency.ts";
import { money, parseWireDecimal, toMinorUnitString, type WireDecimalError } from "./decimal.ts";

describe("parseWireDecimal (the wire rule)", () => {
  it.each([
    ["0", "0"],
    ["1234.56", "1234.56"],
    ["0.5", "0.5"],
    ["007", "7"],
    ["12000", "12000"],
    ["1000000000000000", "1000000000000000"],
    ["99999999999999999999", "99999999999999999999"],
    ["0.0000000001", "0.0000000001"],
    ["12345678901234567890.1234567891", "12345678901234567890.1234567891"],
  ])("accepts %j → %s", (text, expected) => {
    const parsed = parseWireDecimal(text);
    expect(parsed.ok && parsed.value.toFixed()).toBe(expected);
  });

  it.each<[unknown, WireDecimalError]>([
    ["", "empty"],
    [undefined, "empty"],
    [12, "empty"],
    ["NaN", "invalid_decimal"],
    ["Infinity", "invalid_decimal"],
    ["-Infinity", "invalid_decimal"],
    ["1e309", "invalid_decimal"],
    ["1E5", "invalid_decimal"],
    ["0x10", "invalid_decimal"],
    ["1,234.56", "invalid_decimal"],
    ["1.234,56", "invalid_decimal"],
    ["1 234,56", "invalid_decimal"],
    ["1234,56", "invalid_decimal"],
    [" 12", "invalid_decimal"],
    ["12 ", "invalid_decimal"],
    ["+12", "invalid_decimal"],
    [".5", "invalid_decimal"],
    ["5.", "invalid_decimal"],
    ["1.2.3", "invalid_decimal"],
    ["١٢٣", "invalid_decimal"],
    ["-5", "negative"],
    ["-0", "negative"],
    ["1".repeat(40), "too_large"],
    ["100000000000000000000", "too_large"],
    ["0.00000000001", "too_precise"],
  ])("refuses %j (%s)", (text, error) => {
    expect(parseWireDecimal(text)).toEqual({ ok: false, error });
  });

  it("accepts a leading minus only where allowed", () => {
    const parsed = parseWireDecimal("-12.5", { allowNegative: true });
    expect(parsed.ok && parsed.value.toFixed()).toBe("-12.5");
    expect(parseWireDecimal("--1", { allowNegative: true })).toEqual({
      ok: false,
      error: "invalid_decimal",
    });
  });
});

describe("toMinorUnitString (half-up, ISO 4217 minor units)", () => {
  it("knows the 14 currencies of PRODUCT.md, all with 2 minor units in ISO 4217", () => {
    expect(currencyCodes).toHaveLength(14);
    for (const code of currencyCodes) expect(minorUnits[code]).toBe(2);
    expect(isCurrencyCode("IDR")).toBe(true);
    expect(isCurrencyCode("XAU")).toBe(false);
    expect(isCurrencyCode("eur")).toBe(false);
  });

  it.each([
    ["0", "EUR", "0.00"],
    ["2", "USD", "2.00"],
    ["1.005", "EUR", "1.01"],
    ["1.004999", "EUR", "1.00"],
    ["14.13125", "GBP", "14.13"],
    ["38.375", "MAD", "38.38"],
    ["0.125", "IDR", "0.13"],
    ["123456.785", "PKR", "123456.79"],
    ["25770000000000", "TRY", "25770000000000.00"],
    ["99999999999999999999.995", "EUR", "100000000000000000000.00"],
    ["-1.005", "EUR", "-1.01"],
    ["-0.001", "EUR", "0.00"],
  ] as const)("%s %s → %s", (value, currency, expected) => {
    expect(toMinorUnitString(money(value), currency)).toBe(expected);
  });
});
