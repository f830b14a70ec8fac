import { bankAccountLabelPresets, type MoneyAmount } from "#domain/zakat/input.ts";
import type { CalculateRequest } from "#contracts/calculate.ts";
import type { Calculation } from "#contracts/calculations.ts";
import { uuidPattern } from "#contracts/calculation-id.ts";
import type { Language } from "~/app/route-table";
import { formatDayOf } from "~/lib/format";
import { toCalculateRequest } from "./compute-core";
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
export function toSaveBody(
  draft: Draft,
  meta: SaveMeta,
): SaveBody | "prices" | "amounts" | "rates" {
  const request = toCalculateRequest(draft);
  if (typeof request === "string") return request;
  return {
    ...request,
    name: meta.name,
    isCompleted: meta.isCompleted,
    ...(meta.calculationDate ? { calculationDate: meta.calculationDate } : {}),
    ...(draft.settings.milestoneId && uuidPattern.test(draft.settings.milestoneId)
      ? { milestoneId: draft.settings.milestoneId }
      : {}),
    priceSource: draft.settings.priceSource,
    priceDate: draft.settings.pricesUpdatedAt,
  };
}

/** "Zakat 21 November 2026" in the page language. */
export function defaultCalculationName(lang: Language, prefix: string, now = new Date()): string {
  return `${prefix} ${formatDayOf(now, lang)}`;
}

/**
 * `name`, or "name (2)", "name (3)"… when it is taken: a second calculation of the same day is
 * told apart from the first in lists (issue 30).
 */
export function distinctName(name: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(name)) return name;
  let n = 2;
  while (names.has(`${name} (${n})`)) n++;
  return `${name} (${n})`;
}

const isZero = (wire: string) => /^0*(\.0*)?$/.test(wire);

/** A saved calculation as a draft in `lang`: prices as saved (typed by hand, offline mode). */
export function draftFromCalculation(calculation: Calculation, lang: Language): Draft {
  const base = initialDraft(lang);
  // a zero is shown as an empty field ("nothing entered"): both mean 0
  const wireOf = (value: MoneyAmount | undefined) =>
    typeof value === "object" ? value.amount : value;
  const text = (value: MoneyAmount | undefined) => {
    const wire = wireOf(value);
    return wire === undefined || isZero(wire) ? "" : wireToInputText(wire, lang);
  };
  const c = calculation;
  const money: Partial<Record<AmountFieldId, MoneyAmount | undefined>> = {
    cashInHand: c.cashAmounts?.cashInHand,
    loan: c.moneyOwedAmounts?.loan,
    moneyExpectedFromSale: c.moneyOwedAmounts?.moneyExpectedFromSale,
    weakDebts: c.moneyOwedAmounts?.weakDebts,
    shares: c.sharesBusinessAmounts?.shares,
    longTermShares: c.sharesBusinessAmounts?.longTermShares,
    crypto: c.sharesBusinessAmounts?.crypto,
    businessAssets: c.sharesBusinessAmounts?.businessAssets,
    "liability.mortgage": c.liabilityAmounts?.mortgage,
    "liability.personalLoans": c.liabilityAmounts?.personalLoans,
    "liability.creditCard": c.liabilityAmounts?.creditCard,
    "liability.utilityBills": c.liabilityAmounts?.utilityBills,
    "liability.overdraft": c.liabilityAmounts?.overdraft,
    "liability.businessLiabilities": c.liabilityAmounts?.businessLiabilities,
  };
  const amounts: Record<AmountFieldId, string> = {
    ...base.amounts,
    ...Object.fromEntries(Object.entries(money).map(([id, value]) => [id, text(value)])),
    gold: text(c.goldSilverAmounts?.gold),
    silver: text(c.goldSilverAmounts?.silver),
    goldJewellery: text(c.goldSilverAmounts?.goldJewellery),
    silverJewellery: text(c.goldSilverAmounts?.silverJewellery),
  };
  const amountCurrencies = Object.fromEntries(
    Object.entries(money).flatMap(([id, value]) =>
      typeof value === "object" ? [[id, value.currency]] : [],
    ),
  );
  const presetsList = bankAccountLabelPresets as readonly string[];
  return {
    ...base,
    step: c.isCompleted ? "results" : "assets",
    assetSelection: { ...base.assetSelection, ...c.assetSelection },
    liabilitySelection: { ...base.liabilitySelection, ...c.liabilitySelection },
    amounts,
    amountCurrencies,
    bankAccounts: (c.cashAmounts?.bankAccounts ?? []).map((account, index) => {
      const label = account.label ?? "other";
      const preset = presetsList.includes(label) ? (label as BankLabelPreset) : "custom";
      return {
        id: account.id || `account-${index + 1}`,
        preset,
        customLabel: preset === "custom" ? label : "",
        // a bank account is kept even at 0, so it is shown as typed
        text: wireToInputText(wireOf(account.amount) ?? "0", lang),
        ...(typeof account.amount === "object" ? { currency: account.amount.currency } : {}),
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
      // the rates it was saved with, with their source and day: a reload computes the same
      rates: Object.fromEntries(
        Object.entries(c.rates ?? {}).map(([code, rate]) => [
          code,
          { text: wireToInputText(rate.rate, lang), source: rate.source, date: rate.date },
        ]),
      ),
      asOf: null,
      milestoneId: c.milestoneId ?? null,
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
