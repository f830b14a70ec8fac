import Decimal from "decimal.js";
import { z } from "zod";
import type { Currency } from "../../contracts/prices.ts";
import { currencyCodes } from "../../domain/money/currency.ts";
import { troyOunceGrams } from "../../domain/zakat/weights.ts";
import { defaultPrices } from "./defaults.ts";

// The price feed document that PRICES_URL points to (docs/decisions/005-price-feed.md):
//
//   { "updatedAt": "2026-11-20T16:00:00Z",
//     "unit": "gram" | "troyOunce",
//     "prices": { "EUR": { "gold": "3467.20", "silver": "42.05" }, … } }
//
// Prices are decimal strings for pure (24 karat) gold and pure silver, per `unit`. Anything
// doubtful makes the whole document a failure: the caller then falls back to the last known
// prices, which is always better than a wrong nisab.

/** Decimal places kept per gram: far below a minor unit even over 612.36 g of silver. */
export const perGramDecimalPlaces = 6;

/** Plausibility band around the shipped defaults: a wrong unit (×31.1) falls outside it. */
const plausibilityFactor = 20;
/** A document older than this is a feed that stopped updating, not today's prices. */
const maxAgeMs = 7 * 24 * 60 * 60 * 1000;
/** Clock skew allowed between the feed's publisher and us. */
const maxFutureMs = 10 * 60 * 1000;

// Own Decimal: no global configuration shared with (or changed by) other modules.
const Dec = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export class PriceFeedError extends Error {
  override name = "PriceFeedError";
}

const feedPrice = z.string().regex(/^\d{1,15}(\.\d{1,12})?$/, 'a decimal string such as "3467.20"');

const feedDocumentSchema = z.object({
  updatedAt: z.iso.datetime({ offset: true }),
  unit: z.enum(["gram", "troyOunce"]),
  prices: z
    .record(
      z.string().regex(/^[A-Z]{3}$/, "an ISO 4217 code"),
      z.object({ gold: feedPrice, silver: feedPrice }),
    )
    .refine((prices) => Object.keys(prices).length > 0, "no prices"),
});

export interface PerGramPrices {
  goldPerGram: string;
  silverPerGram: string;
}

export interface PriceFeed {
  /** when the publisher says these prices were set */
  updatedAt: Date;
  /** per gram, for the currencies Hawl knows; other codes in the document are ignored */
  prices: Partial<Record<Currency, PerGramPrices>>;
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join(".") || "document"}: ${i.message}`)
    .join("; ");
}

/** Per gram, rounded half-up to `perGramDecimalPlaces`, in plain notation without trailing zeros. */
export function toPerGram(price: string, unit: "gram" | "troyOunce"): string {
  const value = new Dec(price);
  const perGram = unit === "gram" ? value : value.dividedBy(troyOunceGrams);
  return perGram.toDecimalPlaces(perGramDecimalPlaces).toFixed();
}

function checkPlausible(currency: Currency, metal: "gold" | "silver", perGram: string): void {
  const value = new Dec(perGram);
  if (value.isZero()) throw new PriceFeedError(`${currency} ${metal}: zero`);
  const reference = new Dec(
    defaultPrices[currency][metal === "gold" ? "goldPerGram" : "silverPerGram"],
  );
  const low = reference.dividedBy(plausibilityFactor);
  const high = reference.times(plausibilityFactor);
  if (value.lessThan(low) || value.greaterThan(high)) {
    throw new PriceFeedError(
      `${currency} ${metal}: ${perGram} per gram is outside the plausible ${low.toDecimalPlaces(2).toFixed()}–${high.toDecimalPlaces(2).toFixed()}`,
    );
  }
}

/**
 * The sanity checks every provider's prices pass (per gram, one currency): neither is zero,
 * each within 1/20 to 20 times the shipped default (a wrong unit or swapped metals), gold dearer
 * than silver. Throws PriceFeedError.
 */
export function checkMetalPrices(currency: Currency, prices: PerGramPrices): void {
  checkPlausible(currency, "gold", prices.goldPerGram);
  checkPlausible(currency, "silver", prices.silverPerGram);
  if (!new Dec(prices.goldPerGram).greaterThan(prices.silverPerGram)) {
    throw new PriceFeedError(`${currency}: gold is not dearer than silver`);
  }
}

/** A publisher's timestamp: at most 10 minutes ahead of `now`, at most 7 days old. */
export function checkUpdatedAt(stamp: string, updatedAt: Date, now: Date): void {
  const age = now.getTime() - updatedAt.getTime();
  if (age < -maxFutureMs) throw new PriceFeedError(`updatedAt ${stamp} is in the future`);
  if (age > maxAgeMs) throw new PriceFeedError(`updatedAt ${stamp} is more than 7 days old`);
}

/**
 * Parses and checks a feed document (already JSON-decoded). Throws PriceFeedError when the
 * shape is wrong, a price is zero or implausible, gold is not dearer than silver, or the
 * document is from the future or more than a week old.
 */
export function parsePriceFeed(document: unknown, options: { now: Date }): PriceFeed {
  const parsed = feedDocumentSchema.safeParse(document);
  if (!parsed.success) throw new PriceFeedError(`wrong shape: ${describeIssues(parsed.error)}`);
  const { updatedAt: stamp, unit, prices } = parsed.data;

  const updatedAt = new Date(stamp);
  checkUpdatedAt(stamp, updatedAt, options.now);

  const known = new Set<string>(currencyCodes);
  const result: Partial<Record<Currency, PerGramPrices>> = {};
  for (const [code, entry] of Object.entries(prices)) {
    if (!known.has(code)) continue;
    const currency = code as Currency;
    const goldPerGram = toPerGram(entry.gold, unit);
    const silverPerGram = toPerGram(entry.silver, unit);
    checkMetalPrices(currency, { goldPerGram, silverPerGram });
    result[currency] = { goldPerGram, silverPerGram };
  }
  return { updatedAt, prices: result };
}

/** The prices of one currency from a feed; PriceFeedError when the feed does not carry it. */
export function pricesFor(feed: PriceFeed, currency: Currency): PerGramPrices {
  const prices = feed.prices[currency];
  if (!prices) throw new PriceFeedError(`the feed has no prices for ${currency}`);
  return prices;
}
