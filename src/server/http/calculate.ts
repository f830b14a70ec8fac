import { calculate } from "../../contracts/endpoints/calculator.ts";
import type { PriceService } from "../prices/price-service.ts";
import { calculateZakatAnswer } from "../services/calculate-zakat.ts";
import { router } from "./route.ts";

/**
 * POST /api/calculate: anyone, stores nothing of its own. The contract validates every amount
 * (400 VALIDATION_FAILED with `fields`), prices and rates the body leaves out come from the
 * price source as of `asOf` (decision 022), the domain computes exactly, the answer is rounded
 * half-up to the currency's minor unit at the end.
 */
export function calculateRoutes(deps: { prices: PriceService; now?: () => Date }) {
  const now = () => deps.now?.() ?? new Date();
  return router().on(calculate, async (c, { body }) =>
    c.json(await calculateZakatAnswer({ prices: deps.prices, request: body, now: now() })),
  ).app;
}
