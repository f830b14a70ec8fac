import type { CalculateResponse, ParsedCalculateRequest } from "../../contracts/calculate.ts";
import { toCalculateResponse, toZakatInput, utcDay } from "../../contracts/calculate-convert.ts";
import { calculateZakat } from "../../domain/zakat/calculate.ts";
import { AppError } from "../errors.ts";
import { resolveCalculationBasis } from "../prices/basis.ts";
import type { PriceService } from "../prices/price-service.ts";

/** `asOf` of a body, today when omitted; a day after today is refused (400 naming `asOf`). */
export function calculationDay(asOf: string | undefined, now: Date): string {
  const today = utcDay(now);
  if (asOf === undefined) return today;
  if (asOf > today) {
    throw new AppError("VALIDATION_FAILED", "Validation failed.", {
      fields: { asOf: "in_the_future" },
    });
  }
  return asOf;
}

/**
 * POST /api/calculate: the body's prices and rates, the price source's for what it leaves out
 * (as of `asOf`), the domain's exact result rounded at the end. A body that gives its prices
 * and no `asOf` is answered exactly as before decision 022 (no `asOf`, no `prices` in the answer).
 */
export async function calculateZakatAnswer(options: {
  prices: PriceService;
  request: ParsedCalculateRequest;
  now: Date;
}): Promise<CalculateResponse> {
  const { request } = options;
  const asOf = calculationDay(request.asOf, options.now);
  const { basis, priceBasis } = await resolveCalculationBasis(options.prices, request, asOf);
  const result = calculateZakat(toZakatInput(request, basis));
  const saysBasis = request.asOf !== undefined || request.prices === undefined;
  return toCalculateResponse(result, saysBasis ? priceBasis : undefined);
}
