import type { CurrencyCode } from "../money/currency.ts";
import {
  emptyGoldSilverAmounts,
  emptyLiabilityAmounts,
  emptyMoneyOwedAmounts,
  emptySharesBusinessAmounts,
  type AssetSelection,
  type ExchangeRates,
  type MoneyAmount,
  type GoldSilverAmounts,
  type LiabilityAmounts,
  type LiabilitySelection,
  type MoneyOwedAmounts,
  type SharesBusinessAmounts,
  type ZakatInput,
} from "./input.ts";
import { resolveMethodology, type MethodologyFields, type PresetId } from "./methodology.ts";

/** A worked example in a few words: every category selected unless `select` says false. */
export interface ExampleSpec {
  methodology?: Partial<MethodologyFields>;
  /** gold and silver per gram; default 80 / 0.95 (API.md's example) */
  prices?: [string, string];
  currency?: CurrencyCode;
  select?: Partial<AssetSelection & LiabilitySelection>;
  cash?: MoneyAmount;
  banks?: MoneyAmount[];
  metal?: Partial<GoldSilverAmounts>;
  owed?: Partial<MoneyOwedAmounts>;
  holdings?: Partial<SharesBusinessAmounts>;
  debts?: Partial<LiabilityAmounts>;
  rates?: ExchangeRates;
}

/** Test helper (not used by the app): the full input of an example. */
export function exampleInput(preset: PresetId, spec: ExampleSpec = {}): ZakatInput {
  const on = (key: keyof AssetSelection | keyof LiabilitySelection) => spec.select?.[key] ?? true;
  return {
    currency: spec.currency ?? "EUR",
    prices: { goldPerGram: spec.prices?.[0] ?? "80", silverPerGram: spec.prices?.[1] ?? "0.95" },
    methodology: resolveMethodology({ preset, ...spec.methodology }),
    assetSelection: {
      cash: on("cash"),
      goldAndSilver: on("goldAndSilver"),
      moneyOwedToMe: on("moneyOwedToMe"),
      sharesCrypto: on("sharesCrypto"),
      businessAssets: on("businessAssets"),
    },
    liabilitySelection: {
      mortgage: on("mortgage"),
      personalLoans: on("personalLoans"),
      creditCard: on("creditCard"),
      utilityBills: on("utilityBills"),
      overdraft: on("overdraft"),
      businessLiabilities: on("businessLiabilities"),
    },
    cashAmounts: {
      cashInHand: spec.cash ?? "0",
      bankAccounts: (spec.banks ?? []).map((amount, i) => ({
        id: `b${i}`,
        label: "savings",
        amount,
      })),
    },
    goldSilverAmounts: { ...emptyGoldSilverAmounts, ...spec.metal },
    moneyOwedAmounts: { ...emptyMoneyOwedAmounts, ...spec.owed },
    sharesBusinessAmounts: { ...emptySharesBusinessAmounts, ...spec.holdings },
    liabilityAmounts: { ...emptyLiabilityAmounts, ...spec.debts },
    ...(spec.rates ? { rates: spec.rates } : {}),
  };
}
