import { toMinorUnitString } from "../domain/money/decimal.ts";
import type { ZakatResult } from "../domain/zakat/calculate.ts";
import type { CurrencyCode } from "../domain/money/currency.ts";
import {
  assetCategories,
  liabilityTypes,
  type AssetSelection,
  type ExchangeRates,
  type LiabilitySelection,
  type Prices,
  type RateSource,
  type ZakatInput,
} from "../domain/zakat/input.ts";
import { resolveMethodology } from "../domain/zakat/methodology.ts";
import type { CalculateResponse, ParsedCalculateRequest } from "./calculate.ts";

// POST /api/calculate's conversions between the wire and the domain (schemas in calculate.ts).
// No zod here: the embed's bundle computes with these and stays small.

const everyAsset = Object.fromEntries(assetCategories.map((k) => [k, true])) as AssetSelection;
const everyLiability = Object.fromEntries(
  liabilityTypes.map((k) => [k, true]),
) as LiabilitySelection;

/** Today's date (UTC) as YYYY-MM-DD. */
export const utcDay = (at: Date = new Date()) => at.toISOString().slice(0, 10);

/**
 * The body's rates with their source: a bare value is `request`'s, of the calculation's day;
 * a rate given with its source and day (a saved calculation's) keeps them.
 */
export function requestRates(request: ParsedCalculateRequest, day: string): ExchangeRates {
  const rates: ExchangeRates = {};
  for (const [code, given] of Object.entries(request.rates ?? {})) {
    if (given === undefined) continue;
    rates[code as CurrencyCode] =
      typeof given === "string" ? { rate: given, source: "request", date: day } : given;
  }
  return rates;
}

/** What the server (or the client) supplies that the body may leave out. */
export interface ResolvedBasis {
  /** the prices of the day when the body has none */
  prices?: Prices;
  /** rates of currencies the body gives none for */
  rates?: ExchangeRates;
  /** the calculation's day when the body gives no `asOf` (default: today, UTC) */
  today?: string;
}

/**
 * The domain's input from a parsed request (preset resolved, omitted sections filled in). The
 * body's prices and rates come first; `basis` fills in the rest. Throws RangeError without
 * prices.
 */
export function toZakatInput(
  request: ParsedCalculateRequest,
  basis: ResolvedBasis = {},
): ZakatInput {
  const prices = request.prices ?? basis.prices;
  if (!prices) throw new RangeError("No prices for the calculation");
  const day = request.asOf ?? basis.today ?? utcDay();
  const rates = { ...basis.rates, ...requestRates(request, day) };
  return {
    currency: request.currency,
    prices,
    ...(Object.keys(rates).length > 0 ? { rates } : {}),
    methodology: resolveMethodology(request.methodology),
    assetSelection: request.assetSelection ?? everyAsset,
    liabilitySelection: request.liabilitySelection ?? everyLiability,
    cashAmounts: request.cashAmounts,
    goldSilverAmounts: request.goldSilverAmounts,
    moneyOwedAmounts: request.moneyOwedAmounts,
    sharesBusinessAmounts: request.sharesBusinessAmounts,
    liabilityAmounts: request.liabilityAmounts,
  };
}

/** The prices a calculation used and the day it is for, as the answer says them. */
export interface PriceBasis {
  asOf: string;
  prices: Prices & { source: RateSource; date: string };
}

/**
 * The wire answer: every amount rounded half-up to the currency's minor unit, here and only
 * here. `rates` only when an amount was converted, `asOf` and `prices` only when given (a body
 * of before decision 022 gets exactly the answer it got then).
 */
export function toCalculateResponse(result: ZakatResult, basis?: PriceBasis): CalculateResponse {
  const round = (value: Parameters<typeof toMinorUnitString>[0]) =>
    toMinorUnitString(value, result.currency);
  return {
    currency: result.currency,
    totalAssets: round(result.totalAssets),
    totalLiabilities: round(result.totalLiabilities),
    zakatableAmount: round(result.zakatableAmount),
    nissabValue: round(result.nisabValue),
    goldNissabValue: round(result.goldNisabValue),
    silverNissabValue: round(result.silverNisabValue),
    isAboveNissab: result.isAboveNisab,
    zakatDue: round(result.zakatDue),
    rate: result.rate,
    lines: result.lines.map((line) => ({
      kind: line.kind,
      category: line.category,
      input: line.input,
      ...(line.label !== undefined ? { label: line.label } : {}),
      ...(line.entered !== undefined ? { entered: line.entered } : {}),
      amount: round(line.amount),
      rule: line.rule,
      text: line.text,
      ...(line.conversion
        ? { conversion: { ...line.conversion, value: round(line.conversion.value) } }
        : {}),
    })),
    methodology: result.methodology,
    ...(Object.keys(result.rates).length > 0 ? { rates: result.rates } : {}),
    ...(basis ? { asOf: basis.asOf, prices: basis.prices } : {}),
  };
}
