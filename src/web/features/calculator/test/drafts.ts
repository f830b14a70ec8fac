import { initialDraft, type Draft, type StepId } from "../model/draft";

/**
 * A guest's calculation for tests: cash 500 and a savings account of 12000, prices typed by
 * hand (offline mode), on the given step.
 */
export function cashDraft(step: StepId): Draft {
  const d = initialDraft("en");
  return {
    ...d,
    step,
    assetSelection: { ...d.assetSelection, cash: true },
    amounts: { ...d.amounts, cashInHand: "500" },
    bankAccounts: [{ id: "a", preset: "savings", customLabel: "", text: "12000" }],
    settings: {
      ...d.settings,
      mode: "offline",
      goldPriceText: "80.00",
      silverPriceText: "0.95",
      priceSource: "manual",
      pricesUpdatedAt: "2026-11-01T10:00:00.000Z",
    },
  };
}
