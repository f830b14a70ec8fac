import { Hono } from "hono";
import { calculateRequestSchema } from "../../contracts/calculate.ts";
// the conversions live apart, without zod, so a small bundle (the embed) can use them
import { toCalculateResponse, toZakatInput } from "../../contracts/calculate-convert.ts";
import { calculateZakat } from "../../domain/zakat/calculate.ts";
import type { AppEnv } from "./context.ts";
import { readJson } from "./validation.ts";

/**
 * POST /api/calculate: anyone, stores nothing. The contract validates every amount (400
 * VALIDATION_FAILED with `fields`), the domain computes exactly, the answer is rounded half-up
 * to the currency's minor unit at the end.
 */
export function calculateRoutes() {
  return new Hono<AppEnv>().post("/", async (c) => {
    const request = await readJson(c, calculateRequestSchema);
    return c.json(toCalculateResponse(calculateZakat(toZakatInput(request))));
  });
}
