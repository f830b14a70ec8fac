import {
  Decimal,
  grams,
  type DecimalValue,
  pricePerGram,
  type Grams,
  type PricePerGram,
} from "../money/decimal.ts";

// Price and weight facts of PRODUCT.md: prices are quoted per gram.

/** One troy ounce in grams (gold and silver are quoted per troy ounce on markets). */
export const troyOunceGrams = "31.1035";
/** One tola in grams (the spec's 11.7 is its rounding). */
export const tolaGrams = "11.664";

/** A price per troy ounce as a price per gram: ounce price / 31.1035 (never × 3 or × 21). */
export function pricePerGramFromTroyOunce(pricePerOunce: DecimalValue): PricePerGram {
  return pricePerGram(new Decimal(pricePerOunce).dividedBy(troyOunceGrams));
}

export function gramsFromTola(tola: DecimalValue): Grams {
  return grams(new Decimal(tola).times(tolaGrams));
}

/** Gold karats the calculator accepts for gold entered by weight. */
export const goldKarats = [24, 22, 21, 18] as const;
export type GoldKarat = (typeof goldKarats)[number];

/** Grams of pure gold in `weight` grams of `karat` gold: weight × karat / 24. */
export function pureGoldGrams(weight: Grams, karat: GoldKarat): Grams {
  return grams(weight.times(karat).dividedBy(24));
}
