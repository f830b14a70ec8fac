import type {
  CalculateRequest,
  CalculateResponse,
  ParsedCalculateRequest,
} from "#contracts/calculate.ts";
import { toCalculateResponse, toZakatInput } from "#contracts/calculate-convert.ts";
import { calculateZakat } from "#domain/zakat/calculate.ts";
import type { CurrencyCode } from "#domain/money/currency.ts";
import type { MoneyAmount } from "#domain/zakat/input.ts";
import { checkAmount, foreignCurrenciesOf, type AmountFieldId, type Draft } from "./draft";

// The draft as a calculate request (the same body POST /api/calculate takes), computed in the
// browser with the domain code the server uses. No zod here (compute.ts adds the contract's
// check): the embed's bundle computes with this module alone.

/** A request built from a draft: it always carries its prices. */
export type DraftRequest = ParsedCalculateRequest & {
  prices: NonNullable<ParsedCalculateRequest["prices"]>;
};

export type ComputeOutcome =
  | {
      ok: true;
      request: CalculateRequest & { prices: DraftRequest["prices"] };
      response: CalculateResponse;
    }
  | { ok: false; reason: "prices" | "amounts" | "rates" };

/**
 * The request of a draft, with every section filled in (so it is also the parsed form), or why
 * there is none: a price missing or an amount that cannot be read.
 */
export function toCalculateRequest(draft: Draft): DraftRequest | "prices" | "amounts" | "rates" {
  const lang = draft.language;
  let invalid = false;
  const wire = (text: string, counted: boolean): string => {
    const check = checkAmount(text, lang);
    if (check.state === "valid") return check.value;
    // an invalid text in a category that is not selected is not counted anyway
    if (check.state === "invalid" && counted) invalid = true;
    return "0";
  };
  const price = (text: string) => {
    const check = checkAmount(text, lang);
    return check.state === "valid" && !/^0*(\.0*)?$/.test(check.value) ? check.value : null;
  };
  const gold = price(draft.settings.goldPriceText);
  const silver = price(draft.settings.silverPriceText);
  if (!gold || !silver) return "prices";

  const a = draft.assetSelection;
  const own = draft.settings.currency;
  const inCurrency = (value: string, currency: CurrencyCode | undefined): MoneyAmount =>
    currency && currency !== own && value !== "0" ? { amount: value, currency } : value;
  const amount = (id: AmountFieldId, counted: boolean) =>
    inCurrency(wire(draft.amounts[id], counted), draft.amountCurrencies[id]);
  const metal = (id: AmountFieldId, counted: boolean) => wire(draft.amounts[id], counted);

  // a rate for every other currency an entry is in: typed by hand, or the server's
  const rates: NonNullable<DraftRequest["rates"]> = {};
  for (const currency of foreignCurrenciesOf(draft)) {
    const given = draft.settings.rates[currency];
    const value = given ? price(given.text) : null;
    if (!given || !value) return "rates";
    // a typed rate is of the calculation's day; a fetched or saved one keeps its own
    rates[currency] = given.date ? { rate: value, source: given.source, date: given.date } : value;
  }
  const request: DraftRequest = {
    currency: draft.settings.currency,
    prices: { goldPerGram: gold, silverPerGram: silver },
    ...(draft.settings.asOf ? { asOf: draft.settings.asOf } : {}),
    ...(Object.keys(rates).length > 0 ? { rates } : {}),
    methodology: draft.settings.methodology,
    assetSelection: draft.assetSelection,
    liabilitySelection: draft.liabilitySelection,
    cashAmounts: {
      cashInHand: amount("cashInHand", a.cash),
      bankAccounts: draft.bankAccounts.map((account) => ({
        id: account.id,
        label:
          account.preset === "custom" ? account.customLabel.trim() || "custom" : account.preset,
        amount: inCurrency(wire(account.text, a.cash), account.currency),
      })),
    },
    goldSilverAmounts: {
      isWeight: draft.isWeight,
      gold: metal("gold", a.goldAndSilver),
      silver: metal("silver", a.goldAndSilver),
      goldKarat: draft.goldKarat,
      goldJewellery: metal("goldJewellery", a.goldAndSilver),
      goldJewelleryKarat: draft.goldJewelleryKarat,
      silverJewellery: metal("silverJewellery", a.goldAndSilver),
    },
    moneyOwedAmounts: {
      loan: amount("loan", a.moneyOwedToMe),
      moneyExpectedFromSale: amount("moneyExpectedFromSale", a.moneyOwedToMe),
      weakDebts: amount("weakDebts", a.moneyOwedToMe),
    },
    sharesBusinessAmounts: {
      shares: amount("shares", a.sharesCrypto),
      longTermShares: amount("longTermShares", a.sharesCrypto),
      crypto: amount("crypto", a.sharesCrypto),
      businessAssets: amount("businessAssets", a.businessAssets),
    },
    liabilityAmounts: {
      mortgage: amount("liability.mortgage", draft.liabilitySelection.mortgage),
      personalLoans: amount("liability.personalLoans", draft.liabilitySelection.personalLoans),
      creditCard: amount("liability.creditCard", draft.liabilitySelection.creditCard),
      utilityBills: amount("liability.utilityBills", draft.liabilitySelection.utilityBills),
      overdraft: amount("liability.overdraft", draft.liabilitySelection.overdraft),
      businessLiabilities: amount(
        "liability.businessLiabilities",
        draft.liabilitySelection.businessLiabilities,
      ),
    },
  };
  return invalid ? "amounts" : request;
}

/** The domain's result of a request built by `toCalculateRequest`. */
export function computeRequest(request: ParsedCalculateRequest): CalculateResponse {
  return toCalculateResponse(calculateZakat(toZakatInput(request)));
}

/**
 * The embed's computation: `toCalculateRequest` then the domain, without the contract's schema
 * (its amounts were all parsed by the domain's input rules already, and an embed sends nothing).
 */
export function computeDraftInBrowser(draft: Draft): ComputeOutcome {
  const request = toCalculateRequest(draft);
  if (typeof request === "string") return { ok: false, reason: request };
  return { ok: true, request, response: computeRequest(request) };
}
