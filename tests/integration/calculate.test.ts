import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calculateRequestExample,
  calculateRequestExamples,
  calculateResponseSchema,
} from "../../src/contracts/calculate.ts";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import * as schema from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, testBaseUrl, type TestApp } from "../helpers/test-app.ts";

// POST /api/calculate (API.md): anyone, the domain's answer rounded at the end, every bad amount
// a 400 naming its field, and nothing stored.

describe(`POST /api/calculate on ${testEngine()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp();
  });
  afterAll(() => testApp.close());

  const calculate = (body: unknown, headers: Record<string, string> = {}) =>
    testApp.request("/api/calculate", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  /** rows in every table of the schema */
  async function rowCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [name, table] of Object.entries(schema)) {
      if (is(table, PgTable)) counts[name] = await testApp.database.db.$count(table);
    }
    return counts;
  }

  it("answers API.md's example with the documented result, without a session", async () => {
    const response = await calculate(calculateRequestExample);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = calculateResponseSchema.parse(await response.json());
    expect(body).toMatchObject({
      currency: "EUR",
      totalAssets: "14100.00",
      totalLiabilities: "1000.00",
      zakatableAmount: "13100.00",
      nissabValue: "565.25",
      goldNissabValue: "6800.00",
      silverNissabValue: "565.25",
      isAboveNissab: true,
      zakatDue: "327.50",
      rate: "0.025",
      methodology: {
        preset: "standard",
        nisabStandard: "85_595",
        nisabMethod: "minimum",
        yearBasis: "lunar",
        hawlRule: "majority",
        jewellery: "zakatable",
        longTermShares: "full",
        longTermDebts: "next12Months",
      },
    });
    expect(body.lines.map((l) => [l.input, l.amount, l.rule])).toEqual([
      ["cashAmounts.cashInHand", "500.00", "cash.counted"],
      ["cashAmounts.bankAccounts.0", "12000.00", "cash.counted"],
      ["goldSilverAmounts.gold", "1600.00", "gold.byWeight"],
      ["liabilityAmounts.personalLoans", "1000.00", "liability.longTerm.next12Months"],
      ["prices", "565.25", "nisab.minimum"],
      ["methodology.yearBasis", "327.50", "zakat.lunar"],
    ]);
    expect(body.lines[1]).toMatchObject({ label: "savings", entered: "12000" });
    for (const line of body.lines) expect(line.text.length).toBeGreaterThan(10);
  });

  it("answers every OpenAPI example (one per preset) with its preset", async () => {
    const expected = {
      // 150000 + 23.328 g of 22 k (21.384 g × 24000 = 513216) − 12000; nisab 612.36 × 290
      hanafi: { zakatableAmount: "651216.00", nissabValue: "177584.40", zakatDue: "16280.40" },
      // 32000 (jewellery 8000 exempt) × 2.577 %
      shafii_hanbali: { zakatableAmount: "32000.00", nissabValue: "2677.50", zakatDue: "824.64" },
      // 5000 + 25 % of 100000 − 24000 = 6000; nisab 5950
      maliki: { zakatableAmount: "6000.00", nissabValue: "5950.00", zakatDue: "150.00" },
      standard: { zakatableAmount: "13100.00", nissabValue: "565.25", zakatDue: "327.50" },
    };
    for (const [preset, example] of Object.entries(calculateRequestExamples)) {
      const response = await calculate(example.value);
      expect(response.status, preset).toBe(200);
      const body = calculateResponseSchema.parse(await response.json());
      expect(body.methodology.preset).toBe(preset);
      expect(body, preset).toMatchObject(expected[preset as keyof typeof expected]);
    }
  });

  it("takes just a preset, and counts missing sections as zero", async () => {
    const response = await calculate({
      currency: "IDR",
      prices: { goldPerGram: "1500000", silverPerGram: "15000" },
      methodology: { preset: "hanafi" },
    });
    expect(response.status).toBe(200);
    const body = calculateResponseSchema.parse(await response.json());
    expect(body).toMatchObject({
      totalAssets: "0.00",
      zakatableAmount: "0.00",
      // 612.36 × 15000
      nissabValue: "9185400.00",
      isAboveNissab: false,
      zakatDue: "0.00",
      methodology: { preset: "hanafi", nisabStandard: "87.48_612.36", hawlRule: "hanafi" },
    });
  });

  it("counts only selected categories, and all of them when no selection is sent", async () => {
    const body = {
      currency: "EUR",
      prices: { goldPerGram: "80", silverPerGram: "0.95" },
      cashAmounts: { cashInHand: "1000" },
      sharesBusinessAmounts: { crypto: "3000" },
    };
    const all = calculateResponseSchema.parse(await (await calculate(body)).json());
    expect(all.totalAssets).toBe("4000.00");
    const some = calculateResponseSchema.parse(
      await (await calculate({ ...body, assetSelection: { cash: true } })).json(),
    );
    expect(some.totalAssets).toBe("1000.00");
    expect(some.lines.find((l) => l.input === "sharesBusinessAmounts.crypto")).toMatchObject({
      amount: "0.00",
      rule: "asset.notSelected",
    });
  });

  it("computes 10^15 exactly", async () => {
    const response = await calculate({
      currency: "EUR",
      prices: { goldPerGram: "80", silverPerGram: "0.95" },
      methodology: { yearBasis: "gregorian" },
      cashAmounts: { cashInHand: "1000000000000000" },
    });
    expect(await response.json()).toMatchObject({ zakatDue: "25770000000000.00", rate: "0.02577" });
  });

  const valid = calculateRequestExample;
  const bankAccount = (amount: string) => ({ id: "x", label: "savings", amount });
  it.each<[string, unknown, string, string?]>([
    [
      "a negative amount",
      { ...valid, cashAmounts: { cashInHand: "-5" } },
      "cashAmounts.cashInHand",
      "negative",
    ],
    ["NaN", { ...valid, cashAmounts: { cashInHand: "NaN" } }, "cashAmounts.cashInHand"],
    [
      "Infinity",
      { ...valid, liabilityAmounts: { mortgage: "Infinity" } },
      "liabilityAmounts.mortgage",
    ],
    [
      "1e309",
      { ...valid, cashAmounts: { bankAccounts: [bankAccount("1e309")] } },
      "cashAmounts.bankAccounts.0.amount",
      "invalid_decimal",
    ],
    [
      "a 40-digit amount",
      { ...valid, goldSilverAmounts: { gold: "1".repeat(40) } },
      "goldSilverAmounts.gold",
      "too_large",
    ],
    [
      'the locale string "1.234,56" sent raw',
      { ...valid, moneyOwedAmounts: { loan: "1.234,56" } },
      "moneyOwedAmounts.loan",
      "invalid_decimal",
    ],
    [
      'the locale string "1,234.56" sent raw',
      { ...valid, sharesBusinessAmounts: { shares: "1,234.56" } },
      "sharesBusinessAmounts.shares",
      "invalid_decimal",
    ],
    [
      "an amount as a JSON number",
      { ...valid, cashAmounts: { cashInHand: 500 } },
      "cashAmounts.cashInHand",
    ],
    [
      "too many decimals",
      { ...valid, cashAmounts: { cashInHand: "1.00000000001" } },
      "cashAmounts.cashInHand",
      "too_precise",
    ],
    [
      "a sixth bank account",
      {
        ...valid,
        cashAmounts: { bankAccounts: ["1", "2", "3", "4", "5", "6"].map(bankAccount) },
      },
      "cashAmounts.bankAccounts",
      "Maximum 5 bank accounts allowed",
    ],
    ["an unknown currency", { ...valid, currency: "XAU" }, "currency"],
    ["a lower-case currency", { ...valid, currency: "eur" }, "currency"],
    ["no currency", { ...valid, currency: undefined }, "currency"],
    [
      "a zero gold price",
      { ...valid, prices: { goldPerGram: "0", silverPerGram: "0.95" } },
      "prices.goldPerGram",
      "must_be_positive",
    ],
    ["a day after today", { ...valid, asOf: "2999-01-01" }, "asOf", "in_the_future"],
    ["a malformed day", { ...valid, asOf: "20/11/2026" }, "asOf"],
    [
      "an amount in an unknown currency",
      { ...valid, cashAmounts: { cashInHand: { amount: "1", currency: "XAU" } } },
      "cashAmounts.cashInHand",
    ],
    ["an unknown preset", { ...valid, methodology: { preset: "salafi" } }, "methodology.preset"],
    [
      "an unknown nisab standard",
      { ...valid, methodology: { nisabStandard: "85_600" } },
      "methodology.nisabStandard",
    ],
    [
      "a karat the calculator does not offer",
      { ...valid, goldSilverAmounts: { isWeight: true, gold: "10", goldKarat: 14 } },
      "goldSilverAmounts.goldKarat",
    ],
    [
      "a misspelt section (it would silently count as zero)",
      { ...valid, cashAmount: { cashInHand: "500" } },
      "cashAmount",
      "unknown_field",
    ],
    [
      "a misspelt amount",
      { ...valid, liabilityAmounts: { creditcard: "500" } },
      "liabilityAmounts.creditcard",
      "unknown_field",
    ],
  ])(
    "refuses %s: 400 VALIDATION_FAILED naming the field, nothing stored",
    async (_n, body, field, message) => {
      const before = await rowCounts();
      const response = await calculate(body);
      expect(response.status).toBe(400);
      const error = errorBodySchema.parse(await response.json()).error;
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(Object.keys(error.fields ?? {})).toContain(field);
      if (message) expect(error.fields![field]).toBe(message);
      expect(await rowCounts()).toEqual(before);
    },
  );

  it("stores nothing when it answers", async () => {
    const before = await rowCounts();
    expect(Object.keys(before).length).toBeGreaterThan(5);
    for (let i = 0; i < 3; i++) expect((await calculate(valid)).status).toBe(200);
    expect(await rowCounts()).toEqual(before);
  });

  it("refuses a cross-site browser POST like every /api route, and accepts scripts", async () => {
    const crossSite = await calculate(valid, { origin: "https://evil.example" });
    expect(crossSite.status).toBe(403);
    const script = await testApp.app.request(`${testBaseUrl}/api/calculate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(valid),
    });
    expect(script.status).toBe(200);
  });

  it("is in the OpenAPI document, with an example request per preset", async () => {
    const document = (await (await testApp.request("/api/openapi.json")).json()) as {
      paths: Record<string, Record<string, Record<string, unknown>>>;
    };
    const operation = document.paths["/api/calculate"]?.post as {
      security: unknown[];
      requestBody: { content: { "application/json": { examples: Record<string, unknown> } } };
      responses: Record<string, unknown>;
    };
    expect(operation).toBeDefined();
    expect(operation.security).toEqual([]);
    expect(Object.keys(operation.requestBody.content["application/json"].examples).sort()).toEqual([
      "hanafi",
      "maliki",
      "shafii_hanbali",
      "standard",
    ]);
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(["200", "400", "413", "415"]),
    );
  });
});
