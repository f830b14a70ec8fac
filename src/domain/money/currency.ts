import { Decimal, type Money } from "./decimal.ts";

/** The calculator's currencies (PRODUCT.md "Beyond the spec": EUR and USD of the spec, and more). */
export const currencyCodes = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "CAD",
  "AUD",
  "MAD",
  "TRY",
  "SAR",
  "AED",
  "PKR",
  "INR",
  "IDR",
  "MYR",
] as const;
export type CurrencyCode = (typeof currencyCodes)[number];

/**
 * Minor units of ISO 4217 (the standard's list, not CLDR's): every currency here has 2, IDR and
 * PKR included. Intl (CLDR) shows IDR and PKR with 0 digits; the amounts we return still carry
 * the 2 ISO digits, and formatting is the web's business.
 */
export const minorUnits: Readonly<Record<CurrencyCode, number>> = {
  EUR: 2,
  USD: 2,
  GBP: 2,
  CHF: 2,
  CAD: 2,
  AUD: 2,
  MAD: 2,
  TRY: 2,
  SAR: 2,
  AED: 2,
  PKR: 2,
  INR: 2,
  IDR: 2,
  MYR: 2,
};

export function isCurrencyCode(value: unknown): value is CurrencyCode {
  return typeof value === "string" && (currencyCodes as readonly string[]).includes(value);
}

/**
 * The amount rounded half-up (away from zero at the half) to the currency's minor unit, as a
 * wire string with exactly that many decimals: 1.005 EUR → "1.01", 2 → "2.00". Apply once, at
 * the end; never feed the result back into a calculation.
 */
export function toMinorUnitString(amount: Money | Decimal, currency: CurrencyCode): string {
  const digits = minorUnits[currency];
  return new Decimal(amount).toDecimalPlaces(digits, Decimal.ROUND_HALF_UP).toFixed(digits);
}
