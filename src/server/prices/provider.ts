import type { Currency } from "../../contracts/prices.ts";
import { readAtMost } from "../read-at-most.ts";
import { parsePriceFeed, PriceFeedError, pricesFor } from "./feed.ts";

/** Prices per gram of pure gold and silver, as one provider gave them. */
export interface PriceQuote {
  currency: Currency;
  goldPerGram: string;
  silverPerGram: string;
  /** when we obtained them */
  fetchedAt: Date;
  /** units of this currency one US dollar buys, when the provider says (gold-api does) */
  usdRate?: string;
}

/** Where live prices come from. Throws on any failure; the caller decides the fallback. */
export interface PriceProvider {
  /** says where the prices came from (stored beside them); never carries secrets */
  readonly name: string;
  fetch(currency: Currency, signal: AbortSignal): Promise<PriceQuote>;
}

/** A feed document larger than this is not a price list. */
export const maxFeedBytes = 1024 * 1024;

export async function readCapped(response: Response, limit: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (declared > limit) throw new PriceFeedError(`answer larger than ${limit} bytes`);
  if (!response.body) return "";
  const reader = response.body.getReader();
  const body = await readAtMost(reader, limit);
  if (!body) {
    await reader.cancel();
    throw new PriceFeedError(`answer larger than ${limit} bytes`);
  }
  return new TextDecoder().decode(body);
}

/** The URL without credentials or query (a token may live there): safe to store and log. */
export function describeFeedUrl(url: string): string {
  const u = new URL(url);
  return `${u.origin}${u.pathname}`;
}

/**
 * The JSON feed at `url` (format: feed.ts and docs/decisions/005-price-feed.md). Each call
 * fetches the document; caching is the caller's concern.
 */
export function createFeedPriceProvider(options: {
  url: string;
  now?: () => Date;
  fetch?: typeof fetch;
}): PriceProvider {
  const now = options.now ?? (() => new Date());
  const fetchImpl = options.fetch ?? fetch;
  return {
    name: describeFeedUrl(options.url),
    async fetch(currency, signal) {
      const response = await fetchImpl(options.url, {
        signal,
        headers: { accept: "application/json" },
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => {});
        throw new PriceFeedError(`HTTP ${response.status}`);
      }
      const text = await readCapped(response, maxFeedBytes);
      let document: unknown;
      try {
        document = JSON.parse(text);
      } catch {
        throw new PriceFeedError("answer is not JSON");
      }
      const fetchedAt = now();
      const prices = pricesFor(parsePriceFeed(document, { now: fetchedAt }), currency);
      return { currency, ...prices, fetchedAt };
    },
  };
}
