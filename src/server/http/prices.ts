import type { Logger } from "pino";
import * as api from "../../contracts/endpoints/calculator.ts";
import type { RatesResponse } from "../../contracts/prices.ts";
import { crossRate } from "../prices/basis.ts";
import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import { createPriceService, type PriceService } from "../prices/price-service.ts";
import { createGoldApiPriceProvider } from "../prices/gold-api.ts";
import { createFeedPriceProvider, type PriceProvider } from "../prices/provider.ts";
import { router } from "./route.ts";

type PriceEnv = Pick<
  Env,
  | "PRICES_PROVIDER"
  | "GOLD_API_BASE_URL"
  | "PRICES_URL"
  | "PRICES_TTL_SECONDS"
  | "PRICES_TIMEOUT_MS"
>;

/** PRICES_PROVIDER's source of live prices; null for none. Nothing is fetched here. */
export function priceProvider(env: PriceEnv, now: () => Date): PriceProvider | null {
  switch (env.PRICES_PROVIDER) {
    case "gold-api":
      return createGoldApiPriceProvider({ baseUrl: env.GOLD_API_BASE_URL, now });
    case "feed":
      return env.PRICES_URL ? createFeedPriceProvider({ url: env.PRICES_URL, now }) : null;
    case "none":
      return null;
  }
}

/** The app's one price service (its cache state and single flights); nothing is fetched here. */
export function createAppPriceService(deps: {
  env: PriceEnv;
  database: { db: Db };
  logger: Logger;
  now?: () => Date;
}): PriceService {
  const now = deps.now ?? (() => new Date());
  return createPriceService({
    db: deps.database.db,
    provider: priceProvider(deps.env, now),
    ttlMs: deps.env.PRICES_TTL_SECONDS * 1000,
    timeoutMs: deps.env.PRICES_TIMEOUT_MS,
    now,
    logger: deps.logger.child({ module: "prices" }),
  });
}

/** GET /api/prices?currency=EUR[&asOf=YYYY-MM-DD]: anyone. */
export function priceRoutes(service: PriceService) {
  return router().on(api.getPrices, async (c, { query }) => {
    const { currency, asOf } = query;
    if (asOf === undefined) return c.json(await service.getPrices(currency));
    const { usdRate: _usdRate, ...prices } = await service.pricesOn(currency, asOf);
    return c.json(prices);
  }).app;
}

/**
 * GET /api/rates?currency=EUR&of=USD,MAD[&asOf=]: anyone. The price source's rates of the day
 * (decision 022), as a calculation without `rates` would take them.
 */
export function rateRoutes(service: PriceService, now: () => Date = () => new Date()) {
  return router().on(api.getRates, async (c, { query }) => {
    const { currency, of, asOf } = query;
    const day = asOf ?? now().toISOString().slice(0, 10);
    const base = await service.pricesOn(currency, day);
    const rates: RatesResponse["rates"] = {};
    for (const code of new Set(of)) {
      if (code === currency) continue;
      const { rate, source, date } = crossRate(base, await service.pricesOn(code, day));
      rates[code] = { rate, source: source === "request" ? "live" : source, date };
    }
    return c.json({ currency, rates } satisfies RatesResponse);
  }).app;
}
