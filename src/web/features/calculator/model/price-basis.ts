import type { CalculateRequest } from "#contracts/calculate.ts";
import type { Draft, PriceSource } from "./draft";

// What a result rests on (issue 11): the gold and silver prices per gram used, where they came
// from and when, and whether they may be out of date.

/** Prices older than this are flagged at the results. */
export const stalePriceDays = 7;
const dayMs = 24 * 60 * 60 * 1000;

export type PriceWarning =
  /** Hawl's shipped prices: never today's */
  | "default"
  /** fetched or typed more than `stalePriceDays` ago */
  | "old"
  | null;

export interface PriceBasis {
  /** wire decimals, as the calculation used them */
  goldPerGram: string;
  silverPerGram: string;
  /** typed by hand when the draft does not say (older drafts) */
  source: PriceSource;
  /** ISO date-time of the prices (shipped ones: the day they were set); null when unknown */
  date: string | null;
  warning: PriceWarning;
}

/** Whether prices of `date` are older than `stalePriceDays` at `now`. */
export function isStale(date: string | null, now: Date): boolean {
  if (!date) return false;
  const time = Date.parse(date);
  return !Number.isNaN(time) && now.getTime() - time > stalePriceDays * dayMs;
}

/** The prices of a computed request with the draft's source and date, and what to warn of. */
export function priceBasisOf(
  draft: Pick<Draft, "settings">,
  prices: NonNullable<CalculateRequest["prices"]>,
  now: Date,
): PriceBasis {
  const source = draft.settings.priceSource ?? "manual";
  const date = draft.settings.pricesUpdatedAt;
  return {
    goldPerGram: prices.goldPerGram,
    silverPerGram: prices.silverPerGram,
    source,
    date,
    warning: source === "default" ? "default" : isStale(date, now) ? "old" : null,
  };
}
