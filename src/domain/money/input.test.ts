import { describe, expect, it } from "vitest";
import { parseAmountInput, type AmountInputError, type InputLanguage } from "./input.ts";

const nbsp = "\u00A0";
const nnbsp = "\u202F";

describe("parseAmountInput: amounts as people type them", () => {
  it.each<[string, InputLanguage, string]>([
    // English
    ["1,234.56", "en", "1234.56"],
    ["1234.56", "en", "1234.56"],
    ["1,234", "en", "1234"],
    ["1,234,567.8", "en", "1234567.8"],
    ["12,34,567.89", "en", "1234567.89"],
    ["1234,56", "en", "1234.56"],
    ["0,5", "en", "0.5"],
    ["  500 ", "en", "500"],
    ["1 234.56", "en", "1234.56"],
    ["0", "en", "0"],
    ["000.50", "en", "0.50"],
    // French
    ["1 234,56", "fr", "1234.56"],
    [`1${nbsp}234,56`, "fr", "1234.56"],
    [`1${nnbsp}234${nnbsp}567,89`, "fr", "1234567.89"],
    ["1234,56", "fr", "1234.56"],
    ["1234.56", "fr", "1234.56"],
    ["12.5", "fr", "12.5"],
    ["1.234,56", "fr", "1234.56"],
    ["1 000 000", "fr", "1000000"],
    // Dutch
    ["1.234,56", "nl", "1234.56"],
    ["1234,56", "nl", "1234.56"],
    ["1234.56", "nl", "1234.56"],
    ["1.234", "nl", "1234"],
    ["1.234.567", "nl", "1234567"],
    ["0.123", "nl", "0.123"],
    ["1 234,56", "nl", "1234.56"],
    ["1,234.56", "nl", "1234.56"],
    // large, still within the wire rule
    ["1,000,000,000,000,000.00", "en", "1000000000000000.00"],
    ["1.000.000.000.000.000,00", "nl", "1000000000000000.00"],
  ])("%j in %s → %s", (text, language, expected) => {
    expect(parseAmountInput(text, language)).toEqual({ ok: true, value: expected });
  });

  it.each<[string, InputLanguage, AmountInputError]>([
    ["", "en", "empty"],
    ["   ", "fr", "empty"],
    ["abc", "en", "invalid"],
    ["12a", "nl", "invalid"],
    ["€5", "fr", "invalid"],
    ["5 €", "fr", "invalid"],
    ["1e5", "en", "invalid"],
    ["NaN", "en", "invalid"],
    ["Infinity", "nl", "invalid"],
    ["1..2", "en", "invalid"],
    ["1,,234", "en", "invalid"],
    ["1,23,4", "en", "invalid"],
    ["1.234.56", "en", "invalid"],
    ["1,234,56", "nl", "invalid"],
    ["1.234,567.8", "nl", "invalid"],
    ["12 34", "fr", "invalid"],
    ["1  234", "fr", "invalid"],
    [".5", "en", "invalid"],
    [",5", "fr", "invalid"],
    ["5.", "en", "invalid"],
    ["1,2,3", "fr", "invalid"],
    ["1.234", "fr", "ambiguous"],
    ["123.456", "fr", "ambiguous"],
    ["1.234.567", "fr", "ambiguous"],
    ["-5", "en", "negative"],
    ["\u22125", "fr", "negative"],
    ["1".repeat(21), "en", "too_large"],
    ["123456789012345678901,5", "fr", "too_large"],
    ["0,00000000001", "nl", "too_precise"],
  ])("%j in %s → %s", (text, language, error) => {
    expect(parseAmountInput(text, language)).toEqual({ ok: false, error });
  });

  it("accepts a minus only where allowed, and never returns -0", () => {
    expect(parseAmountInput("-1.234,5", "nl", { allowNegative: true })).toEqual({
      ok: true,
      value: "-1234.5",
    });
    expect(parseAmountInput("-0", "en", { allowNegative: true })).toEqual({ ok: true, value: "0" });
  });
});
