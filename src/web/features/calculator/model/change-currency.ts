import type { CurrencyCode } from "#domain/money/currency.ts";
import { moneyFieldIds, type Draft } from "./draft";

// Changing the calculation's currency must not relabel what was typed: €15,750.50 is not
// $15,750.50. The person says which they mean (issue 30 #2).

/** Whether some amount typed so far is in the calculation's own currency (so a change asks). */
export function hasAmountsInOwnCurrency(draft: Draft): boolean {
  const own = draft.settings.currency;
  const mine = (currency: CurrencyCode | undefined) => currency === undefined || currency === own;
  return (
    moneyFieldIds.some(
      (id) => draft.amounts[id].trim() !== "" && mine(draft.amountCurrencies[id]),
    ) || draft.bankAccounts.some((a) => a.text.trim() !== "" && mine(a.currency))
  );
}

/**
 * The draft in `currency`. "keep": the amounts typed in the old currency stay in it, each entry
 * pinned to it, so the calculation converts them at the day's rate, shown with its date (the
 * multi-currency lines of decision 022). "relabel": the person says the numbers were already in
 * `currency`. Rates are of the calculation's currency: another one needs new ones either way.
 * Prices per gram typed by hand cannot be pinned to a currency: with "keep" they are emptied, to
 * be typed (or fetched) again in `currency`, rather than read as prices in it.
 */
export function changeCurrency(
  draft: Draft,
  currency: CurrencyCode,
  amounts: "keep" | "relabel",
): Draft {
  const old = draft.settings.currency;
  const settings = { ...draft.settings, currency, rates: {} };
  if (amounts === "relabel" || currency === old) return { ...draft, settings };
  const typedPrices = draft.settings.priceSource === "manual";
  const prices = typedPrices
    ? { goldPriceText: "", silverPriceText: "", priceSource: null, pricesUpdatedAt: null }
    : {};
  const amountCurrencies = { ...draft.amountCurrencies };
  for (const id of moneyFieldIds) {
    if (draft.amounts[id].trim() !== "" && amountCurrencies[id] === undefined) {
      amountCurrencies[id] = old;
    }
  }
  return {
    ...draft,
    settings: { ...settings, ...prices },
    amountCurrencies,
    bankAccounts: draft.bankAccounts.map((account) =>
      account.text.trim() !== "" && account.currency === undefined
        ? { ...account, currency: old }
        : account,
    ),
  };
}
