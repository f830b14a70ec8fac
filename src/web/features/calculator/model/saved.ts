import { bankAccountLabelPresets, type MoneyAmount } from "../../../../domain/zakat/input";
import type { CalculateRequest } from "../../../../contracts/calculate";
import type { Calculation } from "../../../../contracts/calculations";
import type { Language } from "~/app/route-table";
import { toCalculateRequest } from "./compute";
import {
  initialDraft,
  wireToInputText,
  type AmountFieldId,
  type BankLabelPreset,
  type Draft,
} from "./draft";

// A draft and a saved calculation (API.md "calculations"), both ways.

/** The saved calculation this draft is kept in sync with (signed in only). */
export interface ServerLink {
  workspaceId: string;
  id: string;
  version: number;
  name: string;
  isCompleted: boolean;
  calculationDate: string;
}

/** The fields every save sends besides the calculation itself. */
export interface SaveMeta {
  name: string;
  isCompleted: boolean;
  calculationDate?: string;
}

/**
 * Spec §4 "Calculation: draft to completed": a calculation is a draft until the person reaches
 * the results step, and completed from then on (it stays completed when they go back to edit).
 */
export function isCompletedNow(draft: Draft, link: ServerLink | null): boolean {
  return draft.step === "results" || (link?.isCompleted ?? false);
}

/** A save request's body without `id` and `version`. */
export type SaveBody = CalculateRequest &
  SaveMeta & { priceSource: Draft["settings"]["priceSource"]; priceDate: string | null };

/** The save body, or why the draft cannot be saved yet. */
export function toSaveBody(draft: Draft, meta: SaveMeta): SaveBody | "prices" | "amounts" {
  const request = toCalculateRequest(draft);
  if (request === "prices" || request === "amounts") return request;
  return {
    ...request,
    name: meta.name,
    isCompleted: meta.isCompleted,
    ...(meta.calculationDate ? { calculationDate: meta.calculationDate } : {}),
    priceSource: draft.settings.priceSource,
    priceDate: draft.settings.pricesUpdatedAt,
  };
}

/** "Zakat 21 Nov 2026" in the page language. */
export function defaultCalculationName(lang: Language, prefix: string, now = new Date()): string {
  const locale = lang === "en" ? "en-GB" : lang;
  return `${prefix} ${new Intl.DateTimeFormat(locale, { dateStyle: "medium" }).format(now)}`;
}

const isZero = (wire: string) => /^0*(\.0*)?$/.test(wire);

/** A saved calculation as a draft in `lang`: prices as saved (typed by hand, offline mode). */
export function draftFromCalculation(calculation: Calculation, lang: Language): Draft {
  const base = initialDraft(lang);
  // a zero is shown as an empty field ("nothing entered"): both mean 0
  const text = (value: MoneyAmount | undefined) => {
    const wire = typeof value === "object" ? value.amount : value;
    return wire === undefined || isZero(wire) ? "" : wireToInputText(wire, lang);
  };
  const c = calculation;
  const amounts: Record<AmountFieldId, string> = {
    ...base.amounts,
    cashInHand: text(c.cashAmounts?.cashInHand),
    gold: text(c.goldSilverAmounts?.gold),
    silver: text(c.goldSilverAmounts?.silver),
    goldJewellery: text(c.goldSilverAmounts?.goldJewellery),
    silverJewellery: text(c.goldSilverAmounts?.silverJewellery),
    loan: text(c.moneyOwedAmounts?.loan),
    moneyExpectedFromSale: text(c.moneyOwedAmounts?.moneyExpectedFromSale),
    weakDebts: text(c.moneyOwedAmounts?.weakDebts),
    shares: text(c.sharesBusinessAmounts?.shares),
    longTermShares: text(c.sharesBusinessAmounts?.longTermShares),
    crypto: text(c.sharesBusinessAmounts?.crypto),
    businessAssets: text(c.sharesBusinessAmounts?.businessAssets),
    "liability.mortgage": text(c.liabilityAmounts?.mortgage),
    "liability.personalLoans": text(c.liabilityAmounts?.personalLoans),
    "liability.creditCard": text(c.liabilityAmounts?.creditCard),
    "liability.utilityBills": text(c.liabilityAmounts?.utilityBills),
    "liability.overdraft": text(c.liabilityAmounts?.overdraft),
    "liability.businessLiabilities": text(c.liabilityAmounts?.businessLiabilities),
  };
  const presetsList = bankAccountLabelPresets as readonly string[];
  return {
    ...base,
    step: c.isCompleted ? "results" : "assets",
    assetSelection: { ...base.assetSelection, ...c.assetSelection },
    liabilitySelection: { ...base.liabilitySelection, ...c.liabilitySelection },
    amounts,
    bankAccounts: (c.cashAmounts?.bankAccounts ?? []).map((account, index) => {
      const label = account.label ?? "other";
      const preset = presetsList.includes(label) ? (label as BankLabelPreset) : "custom";
      return {
        id: account.id || `account-${index + 1}`,
        preset,
        customLabel: preset === "custom" ? label : "",
        // a bank account is kept even at 0, so it is shown as typed
        text: wireToInputText(
          typeof account.amount === "object" ? account.amount.amount : (account.amount ?? "0"),
          lang,
        ),
      };
    }),
    isWeight: c.goldSilverAmounts?.isWeight ?? false,
    goldKarat: c.goldSilverAmounts?.goldKarat ?? 24,
    goldJewelleryKarat: c.goldSilverAmounts?.goldJewelleryKarat ?? 24,
    settings: {
      mode: "offline",
      currency: c.currency,
      methodology: c.methodology,
      goldPriceText: wireToInputText(c.prices.goldPerGram, lang),
      silverPriceText: wireToInputText(c.prices.silverPerGram, lang),
      priceSource: c.priceSource ?? "manual",
      pricesUpdatedAt: c.priceDate,
    },
  };
}

export function linkOf(calculation: Calculation, workspaceId: string): ServerLink {
  return {
    workspaceId,
    id: calculation.id,
    version: calculation.version,
    name: calculation.name,
    isCompleted: calculation.isCompleted,
    calculationDate: calculation.calculationDate,
  };
}
