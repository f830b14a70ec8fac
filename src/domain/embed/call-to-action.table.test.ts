import { describe, expect, it } from "vitest";
import {
  callToActionHost,
  callToActionLabel,
  checkCallToActionUrl,
  fillCallToActionUrl,
  normaliseOrganisation,
} from "./call-to-action.ts";

const long = `https://mosque.org/give?x=${"a".repeat(2000 - "https://mosque.org/give?x=".length)}`;

// template → the host it leads to, or the problem
const checks: [template: unknown, expected: string | { problem: string }][] = [
  ["https://mosque.org/donate?amount={amount}&cur={currency}", "mosque.org"],
  ["  https://www.mosque.org/zakat  ", "www.mosque.org"],
  ["https://give.mosque.org/{currency}/{amount}", "give.mosque.org"],
  ["https://mosque.org", "mosque.org"],
  ["https://mosque.org:8443/pay#{amount}", "mosque.org"],
  ["https://bücher.example/pay", "xn--bcher-kva.example"],
  ["HTTPS://MOSQUE.ORG/Pay", "mosque.org"],
  [long, "mosque.org"],
  [`${long}b`, { problem: "too_long" }],
  ["", { problem: "required" }],
  ["   ", { problem: "required" }],
  [null, { problem: "required" }],
  [42, { problem: "required" }],
  ["http://mosque.org/donate", { problem: "https_only" }],
  ["javascript:alert(1)", { problem: "https_only" }],
  ["JavaScript:alert(document.cookie)//{amount}", { problem: "https_only" }],
  ["data:text/html,<script>alert(1)</script>", { problem: "https_only" }],
  ["vbscript:msgbox", { problem: "https_only" }],
  ["ftp://mosque.org/file", { problem: "https_only" }],
  ["//mosque.org/donate", { problem: "invalid_url" }],
  ["/donate?amount={amount}", { problem: "invalid_url" }],
  ["mosque.org/donate", { problem: "invalid_url" }],
  ["https://", { problem: "invalid_url" }],
  ["https://mosque.org/do nate", { problem: "invalid_url" }],
  ["https://mosque.org/\tpay", { problem: "invalid_url" }],
  ["https://intranet/pay", { problem: "invalid_url" }],
  ["https://user:secret@mosque.org/pay", { problem: "credentials" }],
  ["https://user@mosque.org/pay", { problem: "credentials" }],
  ["https://mosque.org/pay?amount={total}", { problem: "unknown_placeholder" }],
  ["https://mosque.org/pay?amount={}", { problem: "unknown_placeholder" }],
  ["https://{currency}.mosque.org/pay", { problem: "placeholder_in_host" }],
  ["https://mosque.org{amount}/pay", { problem: "placeholder_in_host" }],
];

describe("checkCallToActionUrl", () => {
  it.each(checks)("%j → %j", (template, expected) => {
    const check = checkCallToActionUrl(template);
    if (typeof expected === "string") {
      expect(check).toEqual({ ok: true, url: String(template).trim(), host: expected });
      expect(callToActionHost(String(template))).toBe(expected);
    } else {
      expect(check).toEqual({ ok: false, problem: expected.problem });
    }
  });
});

// template, amount, currency → the link, or null
const fills: [template: string, amount: string, currency: string, expected: string | null][] = [
  ["https://m.org/d?a={amount}&c={currency}", "327.5", "EUR", "https://m.org/d?a=327.50&c=EUR"],
  ["https://m.org/d?a={amount}", "327.504", "EUR", "https://m.org/d?a=327.50"],
  ["https://m.org/d?a={amount}", "327.505", "EUR", "https://m.org/d?a=327.51"],
  ["https://m.org/d?a={amount}", "0.005", "USD", "https://m.org/d?a=0.01"],
  ["https://m.org/d?a={amount}", "1000000", "USD", "https://m.org/d?a=1000000.00"],
  ["https://m.org/d?a={amount}&again={amount}", "12", "EUR", "https://m.org/d?a=12.00&again=12.00"],
  ["https://m.org/{currency}/{amount}", "7.1", "USD", "https://m.org/USD/7.10"],
  ["https://m.org/donate", "50", "EUR", "https://m.org/donate"],
  ["  https://m.org/d?a={amount}  ", "1", "EUR", "https://m.org/d?a=1.00"],
  // refused: no amount due, not a number, unknown currency, refused template
  ["https://m.org/d?a={amount}", "0", "EUR", null],
  ["https://m.org/d?a={amount}", "-5", "EUR", null],
  ["https://m.org/d?a={amount}", "abc", "EUR", null],
  ["https://m.org/d?a={amount}", "Infinity", "EUR", null],
  ["https://m.org/d?a={amount}", "10", "XYZ", null],
  ["https://m.org/d?a={amount}", "10", "EUR&x=1", null],
  ["javascript:alert('{amount}')", "10", "EUR", null],
  ["http://m.org/d?a={amount}", "10", "EUR", null],
];

describe("fillCallToActionUrl", () => {
  it.each(fills)("%s with %s %s → %s", (template, amount, currency, expected) => {
    expect(fillCallToActionUrl(template, amount, currency)).toBe(expected);
  });

  it("URL-encodes what it puts in (an amount is digits and a dot, a code letters)", () => {
    // every value that reaches the link is encoded; a decimal string needs no escape
    const link = fillCallToActionUrl("https://m.org/d?a={amount}&c={currency}", "1e3", "EUR");
    expect(link).toBe("https://m.org/d?a=1000.00&c=EUR");
    expect(new URL(link!).searchParams.get("a")).toBe("1000.00");
  });
});

const organisations: [input: unknown, expected: string | null][] = [
  ["  Masjid An-Nour ", "Masjid An-Nour"],
  ["مسجد النور", "مسجد النور"],
  ["", null],
  ["   ", null],
  ["a".repeat(100), "a".repeat(100)],
  ["a".repeat(101), null],
  ["two\nlines", null],
  [undefined, null],
];

describe("normaliseOrganisation and callToActionLabel", () => {
  it.each(organisations)("%j → %j", (input, expected) => {
    expect(normaliseOrganisation(input)).toBe(expected);
  });
  it.each([
    ["Pay your zakat with {organisation}", "Pay your zakat with Masjid An-Nour"],
    ["Donate to {organisation} ({organisation})", "Donate to Masjid An-Nour (Masjid An-Nour)"],
    ["Give now", "Give now"],
  ])("%s", (label, expected) => {
    expect(callToActionLabel(label, "Masjid An-Nour")).toBe(expected);
  });
});
