// The currencies and their minor units; no arithmetic here (rounding to the minor unit is
// decimal.ts's `toMinorUnitString`): the pages that only show amounts do not load decimal.js.

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
