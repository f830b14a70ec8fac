import { parseAmountInput, type AmountInputError } from "../../../../domain/money/input";
import { currencyCodes, type CurrencyCode } from "../../../../domain/money/currency";
import {
  assetCategories,
  bankAccountLabelPresets,
  liabilityTypes,
  maxBankAccounts,
  noAssetsSelected,
  noLiabilitiesSelected,
  type AssetCategory,
  type AssetSelection,
  type LiabilitySelection,
  type LiabilityType,
} from "../../../../domain/zakat/input";
import {
  defaultMethodology,
  hawlRules,
  jewelleryRules,
  longTermDebtRules,
  longTermShareRules,
  nisabMethods,
  nisabStandards,
  presetIds,
  presets,
  yearBases,
  type Methodology,
  type PresetId,
} from "../../../../domain/zakat/methodology";
import { goldKarats, type GoldKarat } from "../../../../domain/zakat/weights";
import { languages, type Language } from "../../../../domain/language";

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
  | { state: "invalid"; error: Exclude<AmountInputError, "empty"> };

/** An empty field counts as nothing entered (0); anything else must parse, or it is an error. */
export function checkAmount(text: string, language: Language): AmountCheck {
  const parsed = parseAmountInput(text, language);
  if (parsed.ok) return { state: "valid", value: parsed.value };
  if (parsed.error === "empty") return { state: "empty" };
  return { state: "invalid", error: parsed.error };
}

/** A wire decimal written for typing in `language`: "1234.5" → "1234,5" in fr and nl. */
export function wireToInputText(wire: string, language: Language): string {
  return language === "en" ? wire : wire.replace(".", ",");
}

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

// ---------------------------------------------------------------------------------------------
// Reading a stored draft back (anything unexpected falls back to the defaults)

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const oneOf = <T extends string | number>(options: readonly T[], value: unknown, fallback: T): T =>
  (options as readonly unknown[]).includes(value) ? (value as T) : fallback;
const text = (value: unknown): string => (typeof value === "string" ? value.slice(0, 200) : "");
const flags = <K extends string>(keys: readonly K[], value: unknown): Record<K, boolean> =>
  Object.fromEntries(keys.map((k) => [k, isRecord(value) && value[k] === true])) as Record<
    K,
    boolean
  >;

export function draftFromStorage(stored: unknown, fallbackLanguage: Language): Draft | null {
  if (!isRecord(stored) || stored.version !== 1 || !isRecord(stored.draft)) return null;
  const d = stored.draft;
  const base = initialDraft(fallbackLanguage);
  const s = isRecord(d.settings) ? d.settings : {};
  const m = isRecord(s.methodology) ? s.methodology : {};
  const methodology: Methodology = {
    preset: oneOf(presetIds, m.preset, "standard" as PresetId),
    nisabStandard: oneOf(nisabStandards, m.nisabStandard, defaultMethodology.nisabStandard),
    nisabMethod: oneOf(nisabMethods, m.nisabMethod, defaultMethodology.nisabMethod),
    yearBasis: oneOf(yearBases, m.yearBasis, defaultMethodology.yearBasis),
    hawlRule: oneOf(hawlRules, m.hawlRule, defaultMethodology.hawlRule),
    jewellery: oneOf(jewelleryRules, m.jewellery, defaultMethodology.jewellery),
    longTermShares: oneOf(longTermShareRules, m.longTermShares, defaultMethodology.longTermShares),
    longTermDebts: oneOf(longTermDebtRules, m.longTermDebts, defaultMethodology.longTermDebts),
  };
  const amounts = isRecord(d.amounts) ? d.amounts : {};
  const accounts = Array.isArray(d.bankAccounts) ? d.bankAccounts : [];
  const currencies = isRecord(d.amountCurrencies) ? d.amountCurrencies : {};
  const storedRates = isRecord(s.rates) ? s.rates : {};
  const isDay = (value: unknown): value is string =>
    typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value);
  return {
    language: oneOf(languages, d.language, fallbackLanguage),
    step: oneOf(stepIds, d.step, "assets"),
    assetSelection: flags(assetCategories, d.assetSelection),
    liabilitySelection: flags(liabilityTypes, d.liabilitySelection),
    amounts: Object.fromEntries(
      amountFieldIds.map((id) => [id, text(amounts[id])]),
    ) as Draft["amounts"],
    amountCurrencies: Object.fromEntries(
      moneyFieldIds.flatMap((id) =>
        currencyCodes.includes(currencies[id] as CurrencyCode) ? [[id, currencies[id]]] : [],
      ),
    ),
    bankAccounts: accounts
      .filter(isRecord)
      .slice(0, maxBankAccounts)
      .map((a, index) => ({
        id: text(a.id) || `account-${index + 1}`,
        preset: oneOf(bankAccountLabelPresets, a.preset, "savings"),
        customLabel: text(a.customLabel),
        text: text(a.text),
        ...(currencyCodes.includes(a.currency as CurrencyCode)
          ? { currency: a.currency as CurrencyCode }
          : {}),
      })),
    isWeight: d.isWeight === true,
    goldKarat: oneOf(goldKarats, d.goldKarat, 24),
    goldJewelleryKarat: oneOf(goldKarats, d.goldJewelleryKarat, 24),
    settings: {
      mode: oneOf(["online", "offline"] as const, s.mode, base.settings.mode),
      currency: oneOf(currencyCodes, s.currency, "EUR"),
      methodology,
      goldPriceText: text(s.goldPriceText),
      silverPriceText: text(s.silverPriceText),
      priceSource: oneOf(["manual", "live", "cache", "default"] as const, s.priceSource, "manual"),
      pricesUpdatedAt: typeof s.pricesUpdatedAt === "string" ? s.pricesUpdatedAt : null,
      rates: Object.fromEntries(
        currencyCodes.flatMap((code) => {
          const rate = storedRates[code];
          if (!isRecord(rate)) return [];
          return [
            [
              code,
              {
                text: text(rate.text),
                source: oneOf(
                  ["request", "live", "cache", "default"] as const,
                  rate.source,
                  "request",
                ),
                date: isDay(rate.date) ? rate.date : "",
              },
            ],
          ];
        }),
      ),
      asOf: isDay(s.asOf) ? s.asOf : null,
      milestoneId: typeof s.milestoneId === "string" ? s.milestoneId.slice(0, 100) : null,
    },
  };
}

export function applyPreset(methodology: Methodology, preset: PresetId): Methodology {
  return { ...presets[preset], nisabMethod: methodology.nisabMethod };
}

export type { AssetCategory, LiabilityType };
