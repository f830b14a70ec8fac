import { currencyCodes, type CurrencyCode } from "#domain/money/currency.ts";
import {
  assetCategories,
  bankAccountLabelPresets,
  liabilityTypes,
  maxBankAccounts,
} from "#domain/zakat/input.ts";
import {
  defaultMethodology,
  hawlRules,
  jewelleryRules,
  longTermDebtRules,
  longTermShareRules,
  nisabMethods,
  nisabStandards,
  presetIds,
  methodologyYearBases,
  type Methodology,
  type PresetId,
} from "#domain/zakat/methodology.ts";
import { goldKarats } from "#domain/zakat/weights.ts";
import { languages, type Language } from "#domain/language.ts";
import { amountFieldIds, initialDraft, moneyFieldIds, stepIds, type Draft } from "./draft";

// Reading a stored draft back (local storage: the calculator's session and the sessions list);
// anything unexpected falls back to the defaults.

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
    yearBasis: oneOf(methodologyYearBases, m.yearBasis, defaultMethodology.yearBasis),
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
