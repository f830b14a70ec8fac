import { describe, expect, it } from "vitest";
import { calculationSchema } from "#contracts/calculations.ts";
import { computeDraft } from "./compute";
import { initialDraft, relocalizeDraft, type Draft } from "./draft";
import { draftFromCalculation, toSaveBody } from "./saved";

// Entries in several currencies in the calculator (decision 022): the draft keeps the currency
// per entry and the rates; the request carries { amount, currency } and the rates.

function draft(
  rates: Draft["settings"]["rates"] = { MAD: { text: "0.0935", source: "request", date: "" } },
): Draft {
  const base = initialDraft("en");
  return {
    ...base,
    step: "results",
    assetSelection: { ...base.assetSelection, cash: true },
    amounts: { ...base.amounts, cashInHand: "200" },
    bankAccounts: [
      { id: "a1", preset: "savings", customLabel: "", text: "10000", currency: "MAD" },
      { id: "a2", preset: "checking", customLabel: "", text: "300" },
    ],
    settings: {
      ...base.settings,
      mode: "offline",
      goldPriceText: "80",
      silverPriceText: "0.95",
      priceSource: "manual",
      rates,
    },
  };
}

describe("a draft with an entry in MAD beside entries in EUR", () => {
  it("sends { amount, currency } and the typed rate, and shows the conversion", () => {
    const outcome = computeDraft(draft());
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.request.cashAmounts?.bankAccounts?.[0]?.amount).toEqual({
      amount: "10000",
      currency: "MAD",
    });
    expect(outcome.request.rates).toEqual({ MAD: "0.0935" });
    expect(outcome.response.zakatableAmount).toBe("1435.00");
    expect(outcome.response.lines[1]!.conversion).toMatchObject({
      amount: "10000",
      currency: "MAD",
      rate: "0.0935",
      source: "request",
      value: "935.00",
    });
  });

  it("cannot compute without a rate for MAD", () => {
    expect(computeDraft(draft({}))).toEqual({ ok: false, reason: "rates" });
    expect(toSaveBody(draft({}), { name: "x", isCompleted: true })).toBe("rates");
  });

  it("keeps a fetched rate's source and day in the request", () => {
    const outcome = computeDraft(
      draft({ MAD: { text: "0.0935", source: "live", date: "2026-11-20" } }),
    );
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.request.rates).toEqual({
      MAD: { rate: "0.0935", source: "live", date: "2026-11-20" },
    });
  });

  it("rewrites the typed rate for another language", () => {
    expect(relocalizeDraft(draft(), "fr").settings.rates.MAD?.text).toBe("0,0935");
  });

  it("comes back from a saved calculation with its currencies and rates", () => {
    const saved = calculationSchema.parse({
      id: "7d6f2f4e-3c55-4c65-9a52-6b0b7c0e2a11",
      version: 1,
      name: "MAD",
      calculationDate: "2026-11-20",
      isCompleted: true,
      currency: "EUR",
      createdBy: null,
      createdAt: "2026-11-20T10:00:00.000Z",
      updatedAt: "2026-11-20T10:00:00.000Z",
      prices: { goldPerGram: "80", silverPerGram: "0.95" },
      priceSource: "manual",
      priceDate: null,
      methodology: outcomeMethodology(),
      assetSelection: { ...initialDraft("en").assetSelection, cash: true },
      liabilitySelection: initialDraft("en").liabilitySelection,
      cashAmounts: {
        cashInHand: { amount: "50", currency: "USD" },
        bankAccounts: [
          { id: "a1", label: "savings", amount: { amount: "10000", currency: "MAD" } },
        ],
      },
      goldSilverAmounts: {},
      moneyOwedAmounts: {},
      sharesBusinessAmounts: {},
      liabilityAmounts: {},
      rates: {
        MAD: { rate: "0.0935", source: "live", date: "2026-11-19" },
        USD: { rate: "0.9", source: "request", date: "2026-11-20" },
      },
      totalAssets: "980.00",
      totalLiabilities: "0.00",
      zakatableAmount: "980.00",
      nissabValue: "565.25",
      isAboveNissab: true,
      zakatDue: "24.50",
    });
    const loaded = draftFromCalculation(saved, "en");
    expect(loaded.amountCurrencies.cashInHand).toBe("USD");
    expect(loaded.bankAccounts[0]!.currency).toBe("MAD");
    const outcome = computeDraft(loaded);
    if (!outcome.ok) throw new Error(outcome.reason);
    expect(outcome.response.zakatableAmount).toBe("980.00");
    expect(outcome.response.rates).toEqual(saved.rates);
  });
});

function outcomeMethodology() {
  return initialDraft("en").settings.methodology;
}
