import { describe, expect, it } from "vitest";
import {
  parseAmountInput,
  wireToInputText,
  type AmountInputError,
  type InputLanguage,
} from "./input.ts";
import type { CurrencyCode } from "./currency.ts";

const nbsp = "\u00A0";
const nnbsp = "\u202F";
const languages: readonly InputLanguage[] = ["en", "fr", "nl", "ar", "tr"];

describe("parseAmountInput: amounts as people type them", () => {
  it.each<[string, InputLanguage, string]>([
    // English habits
    ["1,234.56", "en", "1234.56"],
    ["1234.56", "en", "1234.56"],
    ["1,234,567.8", "en", "1234567.8"],
    ["1,234,567", "en", "1234567"],
    ["12,34,567.89", "en", "1234567.89"],
    ["1234,56", "en", "1234.56"],
    ["0,5", "en", "0.5"],
    ["12.5", "en", "12.5"],
    ["12.50", "en", "12.50"],
    ["  500 ", "en", "500"],
    ["1 234.56", "en", "1234.56"],
    ["0", "en", "0"],
    ["000.50", "en", "0.50"],
    ["1234.567", "en", "1234.567"],
    // French habits
    ["1 234,56", "fr", "1234.56"],
    [`1${nbsp}234,56`, "fr", "1234.56"],
    [`1${nnbsp}234${nnbsp}567,89`, "fr", "1234567.89"],
    ["1234,56", "fr", "1234.56"],
    ["1234.56", "fr", "1234.56"],
    ["12.5", "fr", "12.5"],
    ["1.234,56", "fr", "1234.56"],
    ["1 000 000", "fr", "1000000"],
    ["1.234.567", "fr", "1234567"],
    // Dutch habits
    ["1.234,56", "nl", "1234.56"],
    ["1234,56", "nl", "1234.56"],
    ["1234.56", "nl", "1234.56"],
    ["1.234.567", "nl", "1234567"],
    ["0.123", "nl", "0.123"],
    ["1 234,56", "nl", "1234.56"],
    ["1,234.56", "nl", "1234.56"],
    ["12,5", "nl", "12.5"],
    // large, still within the wire rule
    ["1,000,000,000,000,000.00", "en", "1000000000000000.00"],
    ["1.000.000.000.000.000,00", "nl", "1000000000000000.00"],
  ])("%j in %s → %s", (text, language, expected) => {
    expect(parseAmountInput(text, language)).toEqual({ ok: true, value: expected });
  });

  // issue 30: "12.500" was €12.50 in English and "12,500" €12,50 in Dutch, below the nisab
  it.each<[string, string, string]>([
    ["12.500", "12500", "12.500"],
    ["12,500", "12500", "12.500"],
    ["1.234", "1234", "1.234"],
    ["1,234", "1234", "1.234"],
    ["999,999", "999999", "999.999"],
    [" 100.000 ", "100000", "100.000"],
  ])("%j is asked about in every language: %s or %s", (text, grouped, decimal) => {
    for (const language of languages) {
      expect(parseAmountInput(text, language)).toEqual({
        ok: false,
        error: "ambiguous",
        readings: { grouped, decimal },
      });
    }
  });

  it("asks about a negative ambiguous amount with signed readings", () => {
    expect(parseAmountInput("-1.234", "nl", { allowNegative: true })).toEqual({
      ok: false,
      error: "ambiguous",
      readings: { grouped: "-1234", decimal: "-1.234" },
    });
  });

  it.each<[string, InputLanguage, CurrencyCode, string]>([
    ["€ 2.500,00", "en", "EUR", "2500.00"],
    ["€2.500,00", "nl", "EUR", "2500.00"],
    ["2 500,00 €", "fr", "EUR", "2500.00"],
    [`2${nnbsp}500,00${nbsp}€`, "fr", "EUR", "2500.00"],
    [`2${nnbsp}500,00 €`, "nl", "EUR", "2500.00"],
    ["EUR 2,500.00", "nl", "EUR", "2500.00"],
    ["2.500,00 EUR", "en", "EUR", "2500.00"],
    ["eur 2500", "fr", "EUR", "2500"],
    ["$1,234.56", "en", "USD", "1234.56"],
    ["$ 1,234.56", "fr", "CAD", "1234.56"],
    ["£12.50", "en", "GBP", "12.50"],
    ["CHF 1'000", "en", "CHF", "invalid"],
  ])("bank format %j (%s, %s) → %s", (text, language, currency, expected) => {
    const result = parseAmountInput(text, language, { currency });
    expect(result).toEqual(
      expected === "invalid" ? { ok: false, error: "invalid" } : { ok: true, value: expected },
    );
  });

  it("refuses an amount pasted in another currency than the field's", () => {
    expect(parseAmountInput("$ 2,500.00", "en", { currency: "EUR" })).toEqual({
      ok: false,
      error: "other_currency",
    });
    expect(parseAmountInput("USD 2,500.00", "nl", { currency: "EUR" })).toEqual({
      ok: false,
      error: "other_currency",
    });
    expect(parseAmountInput("2 500,00 €", "fr")).toEqual({ ok: false, error: "other_currency" });
  });

  it.each<[string, InputLanguage, AmountInputError]>([
    ["", "en", "empty"],
    ["   ", "fr", "empty"],
    ["€", "fr", "invalid"],
    ["abc", "en", "invalid"],
    ["abc5", "en", "invalid"],
    ["12a", "nl", "invalid"],
    ["€€5", "fr", "invalid"],
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
    ["0123.456.789", "nl", "invalid"],
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

describe("Arabic keyboards: Arabic-Indic digits and separators read as Western", () => {
  it.each<[string, string]>([
    ["١٢٣٤٫٥٦", "1234.56"],
    ["١٬٢٣٤٫٥٦", "1234.56"],
    ["۱۲۳۴", "1234"],
    ["٥٠٠ €", "500"],
    ["12,000.50", "12000.50"],
  ])("%s → %s", (text, wire) => {
    expect(parseAmountInput(text, "ar", { currency: "EUR" })).toEqual({ ok: true, value: wire });
  });

  it("still refuses letters among Arabic digits", () => {
    expect(parseAmountInput("١٢a", "ar")).toEqual({ ok: false, error: "invalid" });
  });
});

describe("wireToInputText: a wire amount written to be read back the same", () => {
  it.each<[string, InputLanguage, string]>([
    ["1234.5", "en", "1234.5"],
    ["1234.5", "fr", "1234,5"],
    ["12.500", "en", "12.5"],
    ["12.500", "nl", "12,5"],
    ["100.000", "fr", "100"],
    ["1.234", "en", "1.2340"],
    ["1.085", "nl", "1,0850"],
    ["0.123", "en", "0.123"],
    ["12500", "nl", "12500"],
    ["1234.5", "ar", "1234.5"],
    ["1234.5", "tr", "1234,5"],
  ])("%s in %s → %s", (wire, language, text) => {
    expect(wireToInputText(wire, language)).toBe(text);
    const back = parseAmountInput(text, language);
    expect(back.ok && Number(back.value)).toBe(Number(wire));
  });
});
