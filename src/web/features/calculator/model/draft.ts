import { parseAmountInput, wireToInputText, type AmountInputError } from "#domain/money/input.ts";
import { type CurrencyCode } from "#domain/money/currency.ts";
import type { bankAccountLabelPresets } from "#domain/zakat/input.ts";
import {
  liabilityTypes,
  noAssetsSelected,
  noLiabilitiesSelected,
  type AssetCategory,
  type AssetSelection,
  type LiabilitySelection,
  type LiabilityType,
} from "#domain/zakat/input.ts";
import {
  defaultMethodology,
  presets,
  type Methodology,
  type PresetId,
} from "#domain/zakat/methodology.ts";
import { type GoldKarat } from "#domain/zakat/weights.ts";
import { type Language } from "#domain/language.ts";

// The calculator's in-progress state ("draft"): every amount kept as the text the person typed,
// in the language they typed it in, so nothing is ever guessed or silently turned into 0. The
// draft becomes a calculate request (wire decimals) only in `toCalculateRequest`.

export type AmountFieldId =
  | "cashInHand"
  | "gold"
  | "silver"
  | "goldJewellery"
  | "silverJewellery"
  | "loan"
  | "moneyExpectedFromSale"
  | "weakDebts"
  | "shares"
  | "longTermShares"
  | "crypto"
  | "businessAssets"
  | `liability.${LiabilityType}`;

export const amountFieldIds: readonly AmountFieldId[] = [
  "cashInHand",
  "gold",
  "silver",
  "goldJewellery",
  "silverJewellery",
  "loan",
  "moneyExpectedFromSale",
  "weakDebts",
  "shares",
  "longTermShares",
  "crypto",
  "businessAssets",
  ...liabilityTypes.map((type) => `liability.${type}` as const),
];

/** The fields that are money (not gold and silver): each may be in another currency. */
export const moneyFieldIds: readonly AmountFieldId[] = amountFieldIds.filter(
  (id) => !["gold", "silver", "goldJewellery", "silverJewellery"].includes(id),
);

export type BankLabelPreset = (typeof bankAccountLabelPresets)[number];

export interface DraftBankAccount {
  id: string;
  preset: BankLabelPreset;
  /** the person's own label when `preset` is "custom" */
  customLabel: string;
  text: string;
  /** another currency than the calculation's, if chosen */
  currency?: CurrencyCode;
}

/** A rate of a currency in the calculation's: typed by hand (`request`) or from the server. */
export interface DraftRate {
  text: string;
  source: "request" | "live" | "cache" | "default";
  /** the day of the rate (YYYY-MM-DD); empty for a rate typed by hand (the calculation's day) */
  date: string;
}

export type CalculatorMode = "online" | "offline";
export type PriceSource = "manual" | "live" | "cache" | "default";

export interface CalculatorSettings {
  mode: CalculatorMode;
  currency: CurrencyCode;
  methodology: Methodology;
  goldPriceText: string;
  silverPriceText: string;
  priceSource: PriceSource | null;
  /** ISO date-time: when the prices were fetched or last edited by hand */
  pricesUpdatedAt: string | null;
  /** rates of the other currencies entries are in, per currency (decision 022) */
  rates: Partial<Record<CurrencyCode, DraftRate>>;
  /** the day the calculation is for (YYYY-MM-DD); null: today */
  asOf: string | null;
  /** the tracker milestone it is calculated for ("Calculate for this date") */
  milestoneId: string | null;
}

export interface Draft {
  /** the language the texts are written in (amounts are re-written on a language change) */
  language: Language;
  step: StepId;
  assetSelection: AssetSelection;
  liabilitySelection: LiabilitySelection;
  amounts: Record<AmountFieldId, string>;
  /** money fields entered in another currency than the calculation's */
  amountCurrencies: Partial<Record<AmountFieldId, CurrencyCode>>;
  bankAccounts: DraftBankAccount[];
  isWeight: boolean;
  goldKarat: GoldKarat;
  goldJewelleryKarat: GoldKarat;
  settings: CalculatorSettings;
}

export const stepIds = [
  "assets",
  "liabilities",
  "cash",
  "goldSilver",
  "moneyOwed",
  "sharesBusiness",
  "liabilityAmounts",
  "results",
] as const;
export type StepId = (typeof stepIds)[number];

/** The steps in use: amount steps of categories that are not selected are skipped. */
export function activeSteps(draft: Pick<Draft, "assetSelection" | "liabilitySelection">) {
  const a = draft.assetSelection;
  const anyLiability = liabilityTypes.some((type) => draft.liabilitySelection[type]);
  return stepIds.filter((step) => {
    switch (step) {
      case "cash":
        return a.cash;
      case "goldSilver":
        return a.goldAndSilver;
      case "moneyOwed":
        return a.moneyOwedToMe;
      case "sharesBusiness":
        return a.sharesCrypto || a.businessAssets;
      case "liabilityAmounts":
        return anyLiability;
      default:
        return true;
    }
  });
}

/** The amount fields a step shows. */
export function stepFields(draft: Draft, step: StepId): AmountFieldId[] {
  switch (step) {
    case "cash":
      return ["cashInHand"];
    case "goldSilver":
      return ["gold", "silver", "goldJewellery", "silverJewellery"];
    case "moneyOwed":
      return ["loan", "moneyExpectedFromSale", "weakDebts"];
    case "sharesBusiness":
      return [
        ...(draft.assetSelection.sharesCrypto
          ? (["shares", "longTermShares", "crypto"] as const)
          : []),
        ...(draft.assetSelection.businessAssets ? (["businessAssets"] as const) : []),
      ];
    case "liabilityAmounts":
      return liabilityTypes
        .filter((type) => draft.liabilitySelection[type])
        .map((type) => `liability.${type}` as const);
    default:
      return [];
  }
}

const emptyAmounts = Object.fromEntries(amountFieldIds.map((id) => [id, ""])) as Record<
  AmountFieldId,
  string
>;

export function initialDraft(language: Language): Draft {
  return {
    language,
    step: "assets",
    assetSelection: { ...noAssetsSelected },
    liabilitySelection: { ...noLiabilitiesSelected },
    amounts: { ...emptyAmounts },
    amountCurrencies: {},
    bankAccounts: [],
    isWeight: false,
    goldKarat: 24,
    goldJewelleryKarat: 24,
    settings: {
      mode: "online",
      currency: "EUR",
      methodology: defaultMethodology,
      goldPriceText: "",
      silverPriceText: "",
      priceSource: null,
      pricesUpdatedAt: null,
      rates: {},
      asOf: null,
      milestoneId: null,
    },
  };
}

/** The currencies other than the calculation's that entries are in, in field order. */
export function foreignCurrenciesOf(draft: Draft): CurrencyCode[] {
  const own = draft.settings.currency;
  const found = new Set<CurrencyCode>();
  for (const id of moneyFieldIds) {
    const currency = draft.amountCurrencies[id];
    if (currency && currency !== own && draft.amounts[id].trim() !== "") found.add(currency);
  }
  for (const account of draft.bankAccounts) {
    if (account.currency && account.currency !== own) found.add(account.currency);
  }
  return [...found];
}

// ---------------------------------------------------------------------------------------------
// Amount texts

export type AmountCheck =
  | { state: "empty" }
  | { state: "valid"; value: string }
  | { state: "invalid"; error: Exclude<AmountInputError, "empty" | "ambiguous"> }
  /** "12.500": the person says which reading they mean (the step waits for the answer) */
  | { state: "invalid"; error: "ambiguous"; readings: { grouped: string; decimal: string } };

/** An empty field counts as nothing entered (0); anything else must parse, or it is an error. */
export function checkAmount(text: string, language: Language): AmountCheck {
  const parsed = parseAmountInput(text, language);
  if (parsed.ok) return { state: "valid", value: parsed.value };
  if (parsed.error === "empty") return { state: "empty" };
  if (parsed.error === "ambiguous") return { state: "invalid", ...parsed };
  return { state: "invalid", error: parsed.error };
}

/** A wire decimal written for typing in `language`: "1234.5" → "1234,5" in fr and nl. */
export { wireToInputText };

/** The same amounts, re-written for another language (invalid texts are kept as typed). */
export function relocalizeDraft(draft: Draft, language: Language): Draft {
  if (draft.language === language) return draft;
  const convert = (text: string) => {
    const check = checkAmount(text, draft.language);
    return check.state === "valid" ? wireToInputText(check.value, language) : text;
  };
  return {
    ...draft,
    language,
    amounts: Object.fromEntries(
      Object.entries(draft.amounts).map(([id, text]) => [id, convert(text)]),
    ) as Draft["amounts"],
    bankAccounts: draft.bankAccounts.map((account) => ({
      ...account,
      text: convert(account.text),
    })),
    settings: {
      ...draft.settings,
      goldPriceText: convert(draft.settings.goldPriceText),
      silverPriceText: convert(draft.settings.silverPriceText),
      rates: Object.fromEntries(
        Object.entries(draft.settings.rates).map(([code, rate]) => [
          code,
          { ...rate, text: convert(rate.text) },
        ]),
      ),
    },
  };
}

/** Whether every amount field of `step` (bank accounts included) is empty or valid. */
export function invalidFieldsOf(draft: Draft, step: StepId): string[] {
  const invalid: string[] = stepFields(draft, step).filter(
    (id) => checkAmount(draft.amounts[id], draft.language).state === "invalid",
  );
  if (step === "cash") {
    for (const account of draft.bankAccounts) {
      if (checkAmount(account.text, draft.language).state === "invalid") {
        invalid.push(`bank.${account.id}`);
      }
    }
  }
  return invalid;
}

export function applyPreset(methodology: Methodology, preset: PresetId): Methodology {
  return { ...presets[preset], nisabMethod: methodology.nisabMethod };
}

export type { AssetCategory, LiabilityType };
