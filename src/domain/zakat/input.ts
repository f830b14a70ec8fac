import type { CurrencyCode } from "../money/currency.ts";
import type { Methodology } from "./methodology.ts";
import type { GoldKarat } from "./weights.ts";

// What a calculation is made of (spec §3 "Zakat calculation", in camelCase as on the wire).
// Every amount is a wire decimal string (see money/decimal.ts `parseWireDecimal`), never a number.

/** An amount in another currency than the calculation's, converted at the day's rate. */
export interface ForeignAmount {
  amount: string;
  currency: CurrencyCode;
}

/**
 * A money amount of a calculation: a wire decimal in the calculation's currency, or an amount
 * in any currency (docs/decisions/022-live-prices-currencies-as-of.md).
 */
export type MoneyAmount = string | ForeignAmount;

/**
 * Where a rate came from: `request` (the body carried it: typed by hand, or kept by a saved
 * calculation), else the price source's answer (`live`, `cache`, `default`, GET /api/prices).
 */
export const rateSources = ["request", "live", "cache", "default"] as const;
export type RateSource = (typeof rateSources)[number];

/** The value of one unit of a currency in the calculation's currency, on `date`. */
export interface ExchangeRate {
  /** a positive wire decimal: "0.90" */
  rate: string;
  source: RateSource;
  /** the day the rate is of (YYYY-MM-DD) */
  date: string;
}

export type ExchangeRates = Partial<Record<CurrencyCode, ExchangeRate>>;

export const assetCategories = [
  "cash",
  "goldAndSilver",
  "moneyOwedToMe",
  "sharesCrypto",
  "businessAssets",
] as const;
export type AssetCategory = (typeof assetCategories)[number];
export type AssetSelection = Record<AssetCategory, boolean>;

export const liabilityTypes = [
  "mortgage",
  "personalLoans",
  "creditCard",
  "utilityBills",
  "overdraft",
  "businessLiabilities",
] as const;
export type LiabilityType = (typeof liabilityTypes)[number];
export type LiabilitySelection = Record<LiabilityType, boolean>;

/**
 * Long-term debts: the methodology's `longTermDebts` says what their amount means (payments of
 * the next 12 months, or the full balance). The others are due now and deducted in full.
 */
export const longTermLiabilities: readonly LiabilityType[] = [
  "mortgage",
  "personalLoans",
  "businessLiabilities",
];

/** Spec §5 and §9. */
export const maxBankAccounts = 5;
export const maxBankAccountsMessage = "Maximum 5 bank accounts allowed";
export const bankAccountLabelPresets = [
  "savings",
  "checking",
  "business",
  "investment",
  "other",
  "custom",
] as const;

export interface BankAccount {
  id: string;
  /** a preset of `bankAccountLabelPresets` or the user's own text */
  label: string;
  amount: MoneyAmount;
}

export interface CashAmounts {
  cashInHand: MoneyAmount;
  /** at most `maxBankAccounts` */
  bankAccounts: BankAccount[];
}

/**
 * Gold and silver, all by value (money) or all by weight (grams), as `isWeight` says. `gold` and
 * `silver` are savings (bars, coins, jewellery kept as savings), zakatable under every school;
 * `goldJewellery` and `silverJewellery` are personal jewellery that is worn, zakatable or
 * exempt per the methodology. By weight, gold is of `goldKarat` (jewellery: `goldJewelleryKarat`)
 * purity, 24 when not given; silver weights are of fine silver.
 */
export interface GoldSilverAmounts {
  isWeight: boolean;
  gold: string;
  silver: string;
  goldKarat: GoldKarat;
  goldJewellery: string;
  goldJewelleryKarat: GoldKarat;
  silverJewellery: string;
}

/**
 * Money owed to you. `loan` and `moneyExpectedFromSale` are strong debts (the debtor
 * acknowledges them and can pay): counted. `weakDebts` (unpaid wages, mahr, an inheritance not
 * yet received) are shown and not counted until received.
 */
export interface MoneyOwedAmounts {
  loan: MoneyAmount;
  moneyExpectedFromSale: MoneyAmount;
  weakDebts: MoneyAmount;
}

/**
 * `shares`: shares held to trade, at full market value. `longTermShares`: shares held for the
 * long term, per the methodology's `longTermShares` (full value or a 25 % / 30 % proxy).
 */
export interface SharesBusinessAmounts {
  shares: MoneyAmount;
  longTermShares: MoneyAmount;
  crypto: MoneyAmount;
  businessAssets: MoneyAmount;
}

export type LiabilityAmounts = Record<LiabilityType, MoneyAmount>;

export interface Prices {
  goldPerGram: string;
  silverPerGram: string;
}

export interface ZakatInput {
  currency: CurrencyCode;
  prices: Prices;
  methodology: Methodology;
  assetSelection: AssetSelection;
  liabilitySelection: LiabilitySelection;
  cashAmounts: CashAmounts;
  goldSilverAmounts: GoldSilverAmounts;
  moneyOwedAmounts: MoneyOwedAmounts;
  sharesBusinessAmounts: SharesBusinessAmounts;
  liabilityAmounts: LiabilityAmounts;
  /** for every currency of a `ForeignAmount`; none needed when all amounts are in `currency` */
  rates?: ExchangeRates;
}

export const noAssetsSelected: AssetSelection = {
  cash: false,
  goldAndSilver: false,
  moneyOwedToMe: false,
  sharesCrypto: false,
  businessAssets: false,
};

export const noLiabilitiesSelected: LiabilitySelection = {
  mortgage: false,
  personalLoans: false,
  creditCard: false,
  utilityBills: false,
  overdraft: false,
  businessLiabilities: false,
};

export const emptyCashAmounts: CashAmounts = { cashInHand: "0", bankAccounts: [] };

export const emptyGoldSilverAmounts: GoldSilverAmounts = {
  isWeight: false,
  gold: "0",
  silver: "0",
  goldKarat: 24,
  goldJewellery: "0",
  goldJewelleryKarat: 24,
  silverJewellery: "0",
};

export const emptyMoneyOwedAmounts: MoneyOwedAmounts = {
  loan: "0",
  moneyExpectedFromSale: "0",
  weakDebts: "0",
};

export const emptySharesBusinessAmounts: SharesBusinessAmounts = {
  shares: "0",
  longTermShares: "0",
  crypto: "0",
  businessAssets: "0",
};

export const emptyLiabilityAmounts: LiabilityAmounts = {
  mortgage: "0",
  personalLoans: "0",
  creditCard: "0",
  utilityBills: "0",
  overdraft: "0",
  businessLiabilities: "0",
};
