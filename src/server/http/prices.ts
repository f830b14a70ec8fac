import { Hono } from "hono";
import type { Logger } from "pino";
import { pricesQuerySchema } from "../../contracts/prices.ts";
import type { Db } from "../db/client.ts";
import type { Env } from "../env.ts";
import { createPriceService } from "../prices/price-service.ts";
import { createFeedPriceProvider } from "../prices/provider.ts";
import type { AppEnv } from "./context.ts";
import { readQuery } from "./validation.ts";

/** GET /api/prices?currency=EUR: anyone; one price service (cache state) per app. */
export function priceRoutes(deps: {
  env: Pick<Env, "PRICES_URL" | "PRICES_TTL_SECONDS" | "PRICES_TIMEOUT_MS">;
  database: { db: Db };
  logger: Logger;
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  const service = createPriceService({
    db: deps.database.db,
    provider: deps.env.PRICES_URL
      ? createFeedPriceProvider({ url: deps.env.PRICES_URL, now })
      : null,
    ttlMs: deps.env.PRICES_TTL_SECONDS * 1000,
    timeoutMs: deps.env.PRICES_TIMEOUT_MS,
    now,
    logger: deps.logger.child({ module: "prices" }),
  });
  return new Hono<AppEnv>().get("/", async (c) => {
    const { currency } = readQuery(c, pricesQuerySchema);
    return c.json(await service.getPrices(currency));
  });
}
