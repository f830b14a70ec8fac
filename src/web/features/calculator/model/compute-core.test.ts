import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { assetCategories, liabilityTypes } from "#domain/zakat/input.ts";
import { presetIds } from "#domain/zakat/methodology.ts";
import { goldKarats } from "#domain/zakat/weights.ts";
import { computeDraft } from "./compute";
import { computeDraftInBrowser } from "./compute-core";
import { amountFieldIds, initialDraft, type Draft } from "./draft";

// The embed computes without the contract's zod schema (its bundle stays small); for every
// draft the calculator can hold, that must give exactly what the app computes with the schema.

// mostly texts that read, so that many runs reach the calculation; some that do not
const texts = fc.oneof(
  {
    weight: 12,
    arbitrary: fc.constantFrom(
      "",
      "0",
      "500",
      "12,000.00",
      "12.000,00",
      "1 234,56",
      "1,234.5",
      "0.0000000001",
      "   7 ",
    ),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "0.12345678901",
      "99999999999999999999",
      "999999999999999999999",
      "5OO",
      "12,000",
      "1,2,3",
      "-3",
      "abc",
    ),
  },
);
const prices = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom("80", "0.95", "111,5", "128.6") },
  { weight: 1, arbitrary: fc.constantFrom("", "0", "0,00", "1e3", "x") },
);

const draftArbitrary = fc
  .record({
    language: fc.constantFrom("en", "fr", "nl") as fc.Arbitrary<Draft["language"]>,
    assets: fc.array(fc.boolean(), { minLength: assetCategories.length, maxLength: 5 }),
    liabilities: fc.array(fc.boolean(), { minLength: liabilityTypes.length, maxLength: 6 }),
    amounts: fc.array(texts, {
      minLength: amountFieldIds.length,
      maxLength: amountFieldIds.length,
    }),
    banks: fc.array(
      fc.record({
        text: texts,
        custom: fc.boolean(),
        label: fc.string({ maxLength: 100 }),
      }),
      { maxLength: 5 },
    ),
    isWeight: fc.boolean(),
    karat: fc.constantFrom(...goldKarats),
    preset: fc.constantFrom(...presetIds),
    currency: fc.constantFrom("EUR", "USD") as fc.Arbitrary<Draft["settings"]["currency"]>,
    gold: prices,
    silver: prices,
  })
  .map((r): Draft => {
    const base = initialDraft(r.language);
    return {
      ...base,
      step: "results",
      assetSelection: Object.fromEntries(
        assetCategories.map((k, i) => [k, r.assets[i]!]),
      ) as Draft["assetSelection"],
      liabilitySelection: Object.fromEntries(
        liabilityTypes.map((k, i) => [k, r.liabilities[i]!]),
      ) as Draft["liabilitySelection"],
      amounts: Object.fromEntries(
        amountFieldIds.map((id, i) => [id, r.amounts[i]!]),
      ) as Draft["amounts"],
      bankAccounts: r.banks.map((b, i) => ({
        id: `account-${i + 1}`,
        preset: b.custom ? "custom" : "savings",
        customLabel: b.label,
        text: b.text,
      })),
      isWeight: r.isWeight,
      goldKarat: r.karat,
      goldJewelleryKarat: r.karat,
      settings: {
        ...base.settings,
        currency: r.currency,
        methodology: { ...base.settings.methodology, preset: r.preset },
        goldPriceText: r.gold,
        silverPriceText: r.silver,
      },
    };
  });

describe("computeDraftInBrowser", () => {
  it("computes what computeDraft computes, for any draft", () => {
    let computed = 0;
    fc.assert(
      fc.property(draftArbitrary, (draft) => {
        const app = computeDraft(draft);
        expect(computeDraftInBrowser(draft)).toEqual(app);
        if (app.ok) computed++;
      }),
      { numRuns: 400 },
    );
    // the runs reached the calculation itself, not only the refusals
    expect(computed).toBeGreaterThan(20);
  });

  it("computes a known case", () => {
    const draft: Draft = {
      ...initialDraft("en"),
      step: "results",
      assetSelection: { ...initialDraft("en").assetSelection, cash: true },
      amounts: { ...initialDraft("en").amounts, cashInHand: "12000" },
      settings: { ...initialDraft("en").settings, goldPriceText: "80", silverPriceText: "0.95" },
    };
    const outcome = computeDraftInBrowser(draft);
    expect(outcome.ok && outcome.response.zakatDue).toBe("300.00");
    expect(outcome.ok && outcome.response.nissabValue).toBe("565.25");
  });
});
