import DecimalJs from "decimal.js";
import { minorUnits, type CurrencyCode } from "./currency.ts";

// Exact decimal arithmetic for money and weights. Never a JavaScript number: amounts arrive as
// decimal strings ("1234.56") and leave as decimal strings.

/**
 * The one Decimal constructor of the domain. 100 significant digits keep every sum and product
 * of wire amounts exact (20 integer + 10 fraction digits each, so a product of two has at most
 * 60); only a division (karat/24, price per troy ounce / 31.1035) can be inexact, and it is then
 * correct to 100 digits. Half-up is the rounding of the product (PRODUCT.md), used only at the end.
 */
export const Decimal = DecimalJs.clone({
  precision: 100,
  rounding: DecimalJs.ROUND_HALF_UP,
  toExpNeg: -200,
  toExpPos: 200,
});
export type Decimal = DecimalJs;
/** What the Decimal constructor takes: a decimal string, another Decimal (or a safe integer). */
export type DecimalValue = DecimalJs.Value;

declare const unit: unique symbol;
/** An amount of money in the calculation's currency (not rounded). */
export type Money = Decimal & { readonly [unit]: "money" };
/** A weight in grams. */
export type Grams = Decimal & { readonly [unit]: "grams" };
/** A price per gram in the calculation's currency. */
export type PricePerGram = Decimal & { readonly [unit]: "money/gram" };

export const money = (value: DecimalValue): Money => new Decimal(value) as Money;
export const grams = (value: DecimalValue): Grams => new Decimal(value) as Grams;
export const pricePerGram = (value: DecimalValue): PricePerGram =>
  new Decimal(value) as PricePerGram;

export const zeroMoney: Money = money(0);

/** grams × price per gram: the only way from a weight to money. */
export function valueOfWeight(weight: Grams, price: PricePerGram): Money {
  return weight.times(price) as Money;
}

export function sumMoney(amounts: readonly Money[]): Money {
  return amounts.reduce<Decimal>((sum, a) => sum.plus(a), new Decimal(0)) as Money;
}

export function maxMoney(a: Money, b: Money): Money {
  return a.greaterThanOrEqualTo(b) ? a : b;
}

export function minMoney(a: Money, b: Money): Money {
  return a.lessThanOrEqualTo(b) ? a : b;
}

// ---------------------------------------------------------------------------------------------
// The wire rule (API.md: "money is a decimal string")

/** Amounts and prices up to 20 integer digits (below 10^20; 10^15 is well inside). */
export const maxIntegerDigits = 20;
/** At most 10 digits after the dot (prices per gram in small units need more than 2). */
export const maxFractionDigits = 10;

export type WireDecimalError =
  /** not a string, or the empty string */
  | "empty"
  /** anything but `digits[.digits]`: NaN, Infinity, 1e309, "1,234.56", " 1", "+1", ".5", "5." */
  | "invalid_decimal"
  /** a leading minus where amounts cannot be negative */
  | "negative"
  /** more than `maxIntegerDigits` digits before the dot (leading zeros count) */
  | "too_large"
  /** more than `maxFractionDigits` digits after the dot */
  | "too_precise";

export type ParseResult<T, E> = { ok: true; value: T } | { ok: false; error: E };

const wirePattern = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Parses a wire amount strictly: optional leading minus (only with `allowNegative`), ASCII
 * digits, optionally a dot and more digits. Nothing else: no exponent, no sign "+", no spaces,
 * no group separators (locale input is `parseAmountInput`'s job, on the client), no NaN or
 * Infinity. "-0" is zero.
 */
export function parseWireDecimal(
  text: unknown,
  options: { allowNegative?: boolean } = {},
): ParseResult<Decimal, WireDecimalError> {
  if (typeof text !== "string" || text === "") return { ok: false, error: "empty" };
  const match = wirePattern.exec(text);
  if (!match) return { ok: false, error: "invalid_decimal" };
  const [, sign, integer, fraction = ""] = match;
  if (sign && !options.allowNegative) return { ok: false, error: "negative" };
  if (integer!.length > maxIntegerDigits) return { ok: false, error: "too_large" };
  if (fraction.length > maxFractionDigits) return { ok: false, error: "too_precise" };
  return { ok: true, value: new Decimal(text) };
}

/** Whether `text` passes the wire rule (see `parseWireDecimal`). */
export function isWireDecimal(text: unknown, options: { allowNegative?: boolean } = {}): boolean {
  return parseWireDecimal(text, options).ok;
}

/** The decimal of a wire string already validated (the contract checks first); throws otherwise. */
export function decimalFromWire(text: string, options: { allowNegative?: boolean } = {}): Decimal {
  const parsed = parseWireDecimal(text, options);
  if (!parsed.ok) throw new RangeError(`Not a wire decimal (${parsed.error}): ${text}`);
  return parsed.value;
}

/** Plain decimal notation, never an exponent, trailing zeros dropped ("1e-7" → "0.0000001"). */
export function toPlainString(value: Decimal): string {
  return value.toFixed();
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
