import type { Logger } from "pino";
import type { Currency, PriceSource, PricesResponse } from "../../contracts/prices.ts";
import type { Db } from "../db/client.ts";
import { defaultPrices, defaultPricesSetOn } from "./defaults.ts";
import { PriceFeedError } from "./feed.ts";
import { readCachedPrices, readDayPrices, storePrices } from "./price-cache.ts";
import type { PriceProvider, PriceQuote } from "./provider.ts";

export interface PriceService {
  /** GET /api/prices: live when possible, else the last known prices, else the shipped ones. */
  getPrices(currency: Currency): Promise<PricesResponse>;
  /**
   * The prices for a calculation as of `day` (YYYY-MM-DD): today's (or a later day's) as
   * `getPrices` answers them; an earlier day's from `daily_prices`, that day's or the nearest
   * earlier day's (`cache`), else the shipped ones. `date` says which day they are of.
   */
  pricesOn(currency: Currency, day: string): Promise<DayPrices>;
}

/** Prices of a day, with their source, the day they are of and the dollar rate when known. */
export interface DayPrices extends PricesResponse {
  date: string;
  /** units of `currency` one US dollar buys, when the provider said */
  usdRate?: string;
}

/** After a failed fetch, answer from the fallback for this long before asking the feed again. */
const maxRetryPauseMs = 60_000;

function answer(quote: PriceQuote, source: PriceSource): PricesResponse {
  return {
    goldPerGram: quote.goldPerGram,
    silverPerGram: quote.silverPerGram,
    currency: quote.currency,
    source,
    fetchedAt: quote.fetchedAt.toISOString(),
  };
}

function fallback(currency: Currency, cached: PriceQuote | null): PricesResponse {
  if (cached) return answer(cached, "cache");
  return answer(
    {
      currency,
      ...defaultPrices[currency],
      fetchedAt: new Date(`${defaultPricesSetOn}T00:00:00Z`),
    },
    "default",
  );
}

/** Runs `task` with a signal that aborts after `ms`, and gives up then even if it ignores it. */
async function withTimeout<T>(ms: number, task: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const error = new PriceFeedError(`no answer within ${ms} ms`);
      controller.abort(error);
      reject(error);
    }, ms);
  });
  try {
    return await Promise.race([task(controller.signal), expired]);
  } finally {
    clearTimeout(timer);
  }
}

function reason(error: unknown): string {
  if (error instanceof PriceFeedError) return error.message;
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error.message}${cause}`;
  }
  return String(error);
}

/**
 * Prices per currency, cached in the database for `ttlMs`. A stale currency is refreshed by
 * one fetch at a time per process (concurrent requests share it), bounded by `timeoutMs`; a
 * failure is answered from the last known prices, else from the shipped defaults, and the
 * feed is left alone for a minute (at most `ttlMs`) so a dead feed does not slow every request.
 */
export function createPriceService(options: {
  db: Db;
  /** null: no feed configured; the last known prices or the defaults answer */
  provider: PriceProvider | null;
  ttlMs: number;
  timeoutMs: number;
  now: () => Date;
  logger: Logger;
}): PriceService {
  const { db, provider, ttlMs, timeoutMs, now, logger } = options;
  const retryPauseMs = Math.min(ttlMs, maxRetryPauseMs);
  const refreshing = new Map<Currency, Promise<PricesResponse>>();
  const pausedUntil = new Map<Currency, number>();

  async function refresh(
    feed: PriceProvider,
    currency: Currency,
    cached: PriceQuote | null,
  ): Promise<PricesResponse> {
    let quote: PriceQuote;
    try {
      quote = await withTimeout(timeoutMs, (signal) => feed.fetch(currency, signal));
    } catch (error) {
      pausedUntil.set(currency, now().getTime() + retryPauseMs);
      const source = cached ? "cache" : "default";
      logger.warn(
        { currency, provider: feed.name, reason: reason(error), answered: source },
        "price feed failed",
      );
      return fallback(currency, cached);
    }
    pausedUntil.delete(currency);
    try {
      await storePrices(db, feed.name, quote);
    } catch (error) {
      // the prices are good: answer them; the next request tries to keep them again
      logger.error({ currency, reason: reason(error) }, "could not store fetched prices");
    }
    return answer(quote, "live");
  }

  async function getPrices(currency: Currency): Promise<PricesResponse> {
    const pending = refreshing.get(currency);
    if (pending) return pending;

    const cached = await readCachedPrices(db, currency);
    if (!provider) return fallback(currency, cached);
    const at = now().getTime();
    if (cached && at - cached.fetchedAt.getTime() < ttlMs) return answer(cached, "live");
    if (at < (pausedUntil.get(currency) ?? 0)) return fallback(currency, cached);

    // another request may have started the refresh while this one read the cache
    let flight = refreshing.get(currency);
    if (!flight) {
      flight = refresh(provider, currency, cached).finally(() => refreshing.delete(currency));
      refreshing.set(currency, flight);
    }
    return flight;
  }

  return {
    getPrices,
    async pricesOn(currency, day) {
      const today = now().toISOString().slice(0, 10);
      if (day >= today) {
        const prices = await getPrices(currency);
        const kept = await readDayPrices(db, currency, today);
        // a fallback answer: a day kept later than it (another instance's fetch) is better
        if (kept && prices.source !== "live" && kept.fetchedAt.toISOString() > prices.fetchedAt) {
          return {
            ...answer(kept, "cache"),
            date: kept.day,
            ...(kept.usdRate !== undefined ? { usdRate: kept.usdRate } : {}),
          };
        }
        const date =
          prices.source === "default" ? defaultPricesSetOn : prices.fetchedAt.slice(0, 10);
        const usdRate =
          kept?.fetchedAt.toISOString() === prices.fetchedAt ? kept.usdRate : undefined;
        return { ...prices, date, ...(usdRate !== undefined ? { usdRate } : {}) };
      }
      const stored = await readDayPrices(db, currency, day);
      if (stored) {
        return {
          ...answer(stored, "cache"),
          date: stored.day,
          ...(stored.usdRate !== undefined ? { usdRate: stored.usdRate } : {}),
        };
      }
      return { ...fallback(currency, null), date: defaultPricesSetOn };
    },
  };
}
