import Decimal from "decimal.js";
import type { ParsedCalculateRequest } from "../../contracts/calculate.ts";
import type { PriceBasis, ResolvedBasis } from "../../contracts/calculate-convert.ts";
import type { CurrencyCode } from "../../domain/money/currency.ts";
import { maxFractionDigits } from "../../domain/money/decimal.ts";
import { foreignCurrencies } from "../../domain/zakat/calculate.ts";
import type { ExchangeRate, ExchangeRates, RateSource } from "../../domain/zakat/input.ts";
import type { DayPrices, PriceService } from "./price-service.ts";

// What a calculation rests on besides its body (decision 022): the prices of its day when the
// body has none, and the rates of the currencies the body gives none for, from the price source.

const Dec = Decimal.clone({ precision: 60, rounding: Decimal.ROUND_HALF_UP });

/** The weaker of two sources: a rate from a live and a shipped price is a shipped one. */
function weaker(a: RateSource, b: RateSource): RateSource {
  const order: RateSource[] = ["default", "cache", "live", "request"];
  return order[Math.min(order.indexOf(a), order.indexOf(b))]!;
}

/**
 * The value of one `of` in `base`'s currency: from the dollar rates when the provider gave
 * both (gold-api), else from the two gold prices of the day (any provider: the same gram of
 * gold in both currencies). Rounded half-up to 10 decimals (the wire's most).
 */
export function crossRate(base: DayPrices, of: DayPrices): ExchangeRate {
  const value =
    base.usdRate !== undefined && of.usdRate !== undefined
      ? new Dec(base.usdRate).dividedBy(of.usdRate)
      : new Dec(base.goldPerGram).dividedBy(of.goldPerGram);
  return {
    rate: value.toDecimalPlaces(maxFractionDigits).toFixed(),
    source: weaker(base.source, of.source),
    date: base.date < of.date ? base.date : of.date,
  };
}

/** The basis of `request` as of `asOf`: what `toZakatInput` needs, and what the answer says. */
export async function resolveCalculationBasis(
  prices: PriceService,
  request: ParsedCalculateRequest,
  asOf: string,
): Promise<{ basis: ResolvedBasis; priceBasis: PriceBasis }> {
  let day: DayPrices | null = null;
  const base = async () => (day ??= await prices.pricesOn(request.currency, asOf));

  const priceBasis: PriceBasis = {
    asOf,
    prices: request.prices
      ? { ...request.prices, source: "request", date: asOf }
      : await base().then((p) => ({
          goldPerGram: p.goldPerGram,
          silverPerGram: p.silverPerGram,
          source: p.source,
          date: p.date,
        })),
  };

  const given = new Set(Object.keys(request.rates ?? {}));
  const needed = foreignCurrencies(request).filter((c) => !given.has(c));
  const rates: ExchangeRates = {};
  for (const currency of needed as CurrencyCode[]) {
    const [own, other] = await Promise.all([base(), prices.pricesOn(currency, asOf)]);
    rates[currency] = crossRate(own, other);
  }
  return {
    basis: { prices: priceBasis.prices, rates, today: asOf },
    priceBasis,
  };
}
