import { z } from "zod";
import type { Currency } from "../../contracts/prices.ts";
import { checkMetalPrices, checkUpdatedAt, PriceFeedError, toPerGram } from "./feed.ts";
import { maxFeedBytes, readCapped, type PriceProvider, type PriceQuote } from "./provider.ts";

// gold-api.com's free, keyless endpoints (docs/decisions/022-live-prices-currencies-as-of.md):
//
//   GET {base}/price/XAU/EUR → { "currency": "EUR", "exchangeRate": 0.86, "name": "Gold",
//                                "price": 3467.2, "symbol": "XAU", "updatedAt": "…Z", … }
//
// `price` is per troy ounce of pure metal in `currency`; `exchangeRate` is what one US dollar
// buys in it. Two requests per currency (gold, silver), both checked like a feed document.

export const defaultGoldApiBaseUrl = "https://api.gold-api.com";

/**
 * A JSON number as the decimal it was written as. JSON.parse gives a float, whose shortest
 * round-trip text (String) is the literal for prices of up to 15 significant digits, which is
 * all a price service sends; an exponent form (very large or tiny) is refused, not guessed.
 */
function decimalText(value: number | string): string | null {
  const text = typeof value === "number" ? String(value) : value;
  return /^\d{1,15}(\.\d{1,12})?$/.test(text) ? text : null;
}

const numberOrDecimal = z.union([z.number().finite().positive(), z.string()]);

const answerSchema = z.object({
  currency: z.string().optional(),
  symbol: z.string().optional(),
  price: numberOrDecimal,
  exchangeRate: numberOrDecimal.optional(),
  updatedAt: z.iso.datetime({ offset: true }),
});

type Metal = "XAU" | "XAG";

interface MetalAnswer {
  perGram: string;
  usdRate?: string;
  updatedAt: Date;
}

/** The gold-api.com service at `baseUrl` (tests: a local server speaking its format). */
export function createGoldApiPriceProvider(options: {
  baseUrl?: string;
  now?: () => Date;
  fetch?: typeof fetch;
}): PriceProvider {
  const base = (options.baseUrl ?? defaultGoldApiBaseUrl).replace(/\/+$/, "");
  const now = options.now ?? (() => new Date());
  const fetchImpl = options.fetch ?? fetch;

  async function metal(symbol: Metal, currency: Currency, signal: AbortSignal) {
    const response = await fetchImpl(`${base}/price/${symbol}/${currency}`, {
      signal,
      headers: { accept: "application/json" },
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw new PriceFeedError(`${symbol}/${currency}: HTTP ${response.status}`);
    }
    const text = await readCapped(response, maxFeedBytes);
    let document: unknown;
    try {
      document = JSON.parse(text);
    } catch {
      throw new PriceFeedError(`${symbol}/${currency}: answer is not JSON`);
    }
    const parsed = answerSchema.safeParse(document);
    if (!parsed.success) throw new PriceFeedError(`${symbol}/${currency}: wrong shape`);
    const answer = parsed.data;
    // a source that lacks the currency may answer another one (USD) instead of an error
    if (answer.currency !== undefined && answer.currency.toUpperCase() !== currency) {
      throw new PriceFeedError(
        `${symbol}: no prices for ${currency} (answered ${answer.currency})`,
      );
    }
    if (answer.symbol !== undefined && answer.symbol.toUpperCase() !== symbol) {
      throw new PriceFeedError(`${symbol}/${currency}: answered ${answer.symbol}`);
    }
    const price = decimalText(answer.price);
    if (price === null) throw new PriceFeedError(`${symbol}/${currency}: price is not a decimal`);
    const updatedAt = new Date(answer.updatedAt);
    checkUpdatedAt(answer.updatedAt, updatedAt, now());
    const result: MetalAnswer = { perGram: toPerGram(price, "troyOunce"), updatedAt };
    const rate = answer.exchangeRate === undefined ? null : decimalText(answer.exchangeRate);
    if (rate !== null && /[1-9]/.test(rate)) result.usdRate = rate;
    return result;
  }

  return {
    name: `${base}/price`,
    async fetch(currency, signal): Promise<PriceQuote> {
      const [gold, silver] = await Promise.all([
        metal("XAU", currency, signal),
        metal("XAG", currency, signal),
      ]);
      const prices = { goldPerGram: gold.perGram, silverPerGram: silver.perGram };
      checkMetalPrices(currency, prices);
      const usdRate = gold.usdRate ?? silver.usdRate;
      return {
        currency,
        ...prices,
        fetchedAt: now(),
        ...(usdRate !== undefined ? { usdRate } : {}),
      };
    },
  };
}
