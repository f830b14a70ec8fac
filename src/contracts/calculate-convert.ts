import { toMinorUnitString } from "../domain/money/currency.ts";
import type { ZakatResult } from "../domain/zakat/calculate.ts";
import {
  assetCategories,
  liabilityTypes,
  type AssetSelection,
  type LiabilitySelection,
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

/** The domain's input from a parsed request (preset resolved, omitted sections filled in). */
export function toZakatInput(request: ParsedCalculateRequest): ZakatInput {
  return {
    currency: request.currency,
    prices: request.prices,
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

/** The wire answer: every amount rounded half-up to the currency's minor unit, here and only here. */
export function toCalculateResponse(result: ZakatResult): CalculateResponse {
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
    })),
    methodology: result.methodology,
  };
}
