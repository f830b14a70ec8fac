import { z } from "zod";
import { currencyCodes } from "../domain/money/currency.ts";

// The calculator's currencies, from the domain (src/domain/money/currency.ts).
export const currencySchema = z.enum(currencyCodes);
export type Currency = z.infer<typeof currencySchema>;

/**
 * Where the prices of an answer come from:
 * - `live`: fetched from the configured price feed within the cache lifetime;
 * - `cache`: the last prices fetched from the feed, older than the cache lifetime, because the
 *   feed could not be reached, answered garbage, or none is configured;
 * - `default`: the prices shipped with Hawl, because no price was ever fetched.
 */
export const priceSourceSchema = z.enum(["live", "cache", "default"]);
export type PriceSource = z.infer<typeof priceSourceSchema>;

/** A positive decimal string in plain notation ("106.097384"). */
export const positiveDecimalString = z
  .string()
  .regex(/^(0|[1-9]\d*)(\.\d+)?$/, "not_a_decimal")
  .refine((s) => /[1-9]/.test(s), "not_positive");

export const pricesQuerySchema = z.object({
  currency: currencySchema,
  /** the prices of that day, or of the nearest earlier day known (decision 022) */
  asOf: z.iso.date().optional(),
});
export type PricesQuery = z.infer<typeof pricesQuerySchema>;

export const pricesResponseSchema = z.object({
  /** price of one gram of pure (24 karat) gold */
  goldPerGram: positiveDecimalString,
  /** price of one gram of pure silver */
  silverPerGram: positiveDecimalString,
  currency: currencySchema,
  source: priceSourceSchema,
  /** when Hawl fetched these prices from the feed; for `default`, the day they were set */
  fetchedAt: z.iso.datetime({ offset: true }),
  /** with `asOf`: the day the prices are of (that day or the nearest earlier one known) */
  date: z.iso.date().optional(),
});
export type PricesResponse = z.infer<typeof pricesResponseSchema>;

/** GET /api/rates?currency=EUR&of=USD,MAD[&asOf=YYYY-MM-DD] (decision 022). */
export const ratesQuerySchema = z.object({
  currency: currencySchema,
  of: z
    .string()
    .transform((text) => text.split(","))
    .pipe(z.array(currencySchema).min(1).max(currencyCodes.length)),
  asOf: z.iso.date().optional(),
});

/** One unit of each `of` currency in `currency`, with its source and the day it is of. */
export const ratesResponseSchema = z.object({
  currency: currencySchema,
  rates: z.partialRecord(
    currencySchema,
    z.object({ rate: positiveDecimalString, source: priceSourceSchema, date: z.iso.date() }),
  ),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;
