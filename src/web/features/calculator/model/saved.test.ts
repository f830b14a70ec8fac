import { describe, expect, it } from "vitest";
import { calculationSchema, type Calculation } from "#contracts/calculations.ts";
import { initialDraft, type Draft } from "./draft";
import {
  defaultCalculationName,
  distinctName,
  draftFromCalculation,
  isCompletedNow,
  toSaveBody,
} from "./saved";

function filled(): Draft {
  const d = initialDraft("fr");
  return {
    ...d,
    step: "results",
    assetSelection: { ...d.assetSelection, cash: true, goldAndSilver: true },
    liabilitySelection: { ...d.liabilitySelection, personalLoans: true },
    amounts: { ...d.amounts, cashInHand: "500", gold: "20", "liability.personalLoans": "1 000" },
    bankAccounts: [
      { id: "a", preset: "savings", customLabel: "", text: "12 000" },
      { id: "b", preset: "custom", customLabel: "Tirelire", text: "0" },
    ],
    isWeight: true,
    settings: {
      ...d.settings,
      mode: "offline",
      goldPriceText: "80,00",
      silverPriceText: "0,95",
      priceSource: "manual",
      pricesUpdatedAt: "2026-11-01T10:00:00.000Z",
    },
  };
}

/** What the server answers for a body (the result fields do not matter here). */
function asStored(body: Exclude<ReturnType<typeof toSaveBody>, string>): Calculation {
  return calculationSchema.parse({
    ...body,
    id: "0b5e8a5e-5d1c-4f5e-9a53-8f9c1c2d3e4f",
    version: 3,
    calculationDate: "2026-11-21",
    createdBy: null,
    createdAt: "2026-11-21T10:00:00.000Z",
    updatedAt: "2026-11-21T10:00:00.000Z",
    methodology: {
      preset: "standard",
      nisabStandard: body.methodology!.nisabStandard,
      nisabMethod: body.methodology!.nisabMethod,
      yearBasis: body.methodology!.yearBasis,
      hawlRule: body.methodology!.hawlRule,
      jewellery: body.methodology!.jewellery,
      longTermShares: body.methodology!.longTermShares,
      longTermDebts: body.methodology!.longTermDebts,
    },
    totalAssets: "0",
    totalLiabilities: "0",
    zakatableAmount: "0",
    nissabValue: "0",
    isAboveNissab: true,
    zakatDue: "0",
  });
}

describe("saved calculations and drafts", () => {
  it("sends wire decimals, the name and the completion, and reads them back the same", () => {
    const body = toSaveBody(filled(), { name: "Zakat 2026", isCompleted: true });
    if (typeof body === "string") throw new Error(body);
    expect(body).toMatchObject({
      name: "Zakat 2026",
      isCompleted: true,
      priceSource: "manual",
      prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
      liabilityAmounts: { personalLoans: "1000" },
    });
    expect(body.cashAmounts?.bankAccounts).toEqual([
      { id: "a", label: "savings", amount: "12000" },
      { id: "b", label: "Tirelire", amount: "0" },
    ]);

    const back = draftFromCalculation(asStored(body), "fr");
    expect(back.step).toBe("results");
    expect(back.amounts["liability.personalLoans"]).toBe("1000");
    expect(back.bankAccounts[1]).toMatchObject({ preset: "custom", customLabel: "Tirelire" });
    expect(back.settings).toMatchObject({ mode: "offline", goldPriceText: "80,00" });
    // the same calculation again: nothing would be sent by auto-save
    expect(toSaveBody(back, { name: "Zakat 2026", isCompleted: true })).toEqual(body);
  });

  it("cannot save without prices or with an unreadable amount", () => {
    const d = filled();
    expect(toSaveBody({ ...d, settings: { ...d.settings, goldPriceText: "" } }, meta)).toBe(
      "prices",
    );
    expect(toSaveBody({ ...d, amounts: { ...d.amounts, cashInHand: "1.234" } }, meta)).toBe(
      "amounts",
    );
  });

  it("is a draft until the results are reached, completed from then on", () => {
    const d = filled();
    expect(isCompletedNow({ ...d, step: "cash" }, null)).toBe(false);
    expect(isCompletedNow(d, null)).toBe(true);
    const link = {
      workspaceId: "w",
      id: "i",
      version: 1,
      name: "n",
      isCompleted: true,
      calculationDate: "2026-11-21",
    };
    expect(isCompletedNow({ ...d, step: "cash" }, link)).toBe(true);
  });

  it("names a calculation after the day, in the page language", () => {
    const day = new Date("2026-11-21T12:00:00Z");
    expect(defaultCalculationName("en", "Zakat", day)).toBe("Zakat 21 November 2026");
    expect(defaultCalculationName("fr", "Zakat", day)).toBe("Zakat 21 novembre 2026");
  });
});

const meta = { name: "x", isCompleted: false };

// issue 30: "Zakat 28 Nov 2026" twice in the history
describe("distinctName", () => {
  it("keeps a free name, and numbers a taken one from 2", () => {
    expect(distinctName("Zakat 28 Nov 2026", ["Other"])).toBe("Zakat 28 Nov 2026");
    expect(distinctName("Zakat 28 Nov 2026", ["Zakat 28 Nov 2026"])).toBe("Zakat 28 Nov 2026 (2)");
    expect(distinctName("Zakat 28 Nov 2026", ["Zakat 28 Nov 2026", "Zakat 28 Nov 2026 (2)"])).toBe(
      "Zakat 28 Nov 2026 (3)",
    );
  });
});
