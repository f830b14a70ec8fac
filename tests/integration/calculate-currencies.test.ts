import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateResponseSchema, type CalculateResponse } from "../../src/contracts/calculate.ts";
import { calculationSchema } from "../../src/contracts/calculations.ts";
import { pricesResponseSchema, ratesResponseSchema } from "../../src/contracts/prices.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { milestoneChangeSchema } from "../../src/contracts/zakat.ts";
import { dailyPrices } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";

// Amounts in several currencies and zakat as of a date (decision 022), through the real app on
// a real database. PRICES_PROVIDER=none: the price source answers from daily_prices and the
// shipped prices only, so every figure here is fixed.

const today = "2026-11-20";

/** A stored day of prices (what a live fetch keeps), per gram, with the dollar rate. */
const day = (date: string, currency: string, gold: string, silver: string, usdRate: string) => ({
  day: date,
  currency,
  goldPerGram: gold,
  silverPerGram: silver,
  usdRate,
  provider: "https://api.gold-api.com/price",
  fetchedAt: new Date(`${date}T15:00:00Z`),
});

describe(`amounts in several currencies, as of a date, on ${testEngine()}`, () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let base: string;
  let milestoneId: string;

  /** A threshold milestone of the person's own workspace, as the tracker adds it. */
  async function addMilestone(user: SignedInUser): Promise<string> {
    const ws = workspaceListSchema.parse(await (await user.request("/api/workspaces")).json())[0]!
      .id;
    const added = await user.json("POST", `/api/workspaces/${ws}/milestones`, {
      date: "2026-01-10",
      title: "Threshold",
      type: "threshold",
    });
    expect(added.status, await added.clone().text()).toBe(201);
    return milestoneChangeSchema.parse(await added.json()).changed[0]!;
  }

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    testApp.setNow(new Date(`${today}T12:00:00Z`));
    owner = await signUpAndSignIn(testApp, uniqueEmail("currencies"));
    const ws = workspaceListSchema.parse(await (await owner.request("/api/workspaces")).json())[0]!
      .id;
    base = `/api/workspaces/${ws}/calculations`;
    milestoneId = await addMilestone(owner);
    // three days of stored prices: 10, 13 and 17 November
    await testApp.database.db
      .insert(dailyPrices)
      .values([
        day("2026-11-10", "EUR", "110", "1.30", "0.86"),
        day("2026-11-10", "USD", "127", "1.50", "1"),
        day("2026-11-13", "EUR", "112", "1.40", "0.88"),
        day("2026-11-13", "USD", "128", "1.60", "1"),
        day("2026-11-17", "EUR", "115", "1.45", "0.90"),
        day("2026-11-17", "USD", "129", "1.62", "1"),
      ]);
  });
  afterAll(() => testApp.close());

  async function calculate(body: Record<string, unknown>): Promise<CalculateResponse> {
    const response = await testApp.request("/api/calculate", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return calculateResponseSchema.parse(await response.json());
  }

  const figure = {
    currency: "EUR",
    methodology: { preset: "standard" },
    assetSelection: { cash: true },
    cashAmounts: {
      cashInHand: { amount: "1000", currency: "USD" },
      bankAccounts: [{ id: "b1", label: "savings", amount: "500" }],
    },
  };

  it("EUR with cash of 1,000 USD at 0.90 and 500 EUR, silver 0.95/g: zakatable 1,400.00, due 35.00", async () => {
    const answer = await calculate({
      ...figure,
      prices: { goldPerGram: "80", silverPerGram: "0.95" },
      rates: { USD: "0.90" },
    });
    expect(answer).toMatchObject({ zakatableAmount: "1400.00", zakatDue: "35.00" });
    expect(answer.rates).toEqual({ USD: { rate: "0.90", source: "request", date: today } });
    expect(answer.lines[0]).toMatchObject({
      input: "cashAmounts.cashInHand",
      entered: "900",
      amount: "900.00",
      conversion: {
        amount: "1000",
        currency: "USD",
        rate: "0.9",
        source: "request",
        value: "900.00",
      },
    });
    expect(answer.lines[1]!.conversion).toBeUndefined();
  });

  it("without rates, takes them from the price source (the day's dollar rates) and says so", async () => {
    const answer = await calculate({
      ...figure,
      prices: { goldPerGram: "80", silverPerGram: "0.95" },
    });
    // the newest stored day: 17 Nov, 0.90 EUR per USD
    expect(answer.rates).toEqual({ USD: { rate: "0.9", source: "cache", date: "2026-11-17" } });
    expect(answer.zakatableAmount).toBe("1400.00");
  });

  it.each([
    ["the day itself", "2026-11-13", "2026-11-13", "112", "0.88"],
    ["a day between: the nearest earlier day", "2026-11-15", "2026-11-13", "112", "0.88"],
    ["the first day", "2026-11-10", "2026-11-10", "110", "0.86"],
    ["after the last day", "2026-11-19", "2026-11-17", "115", "0.9"],
  ])("asOf %s picks the prices of that day and says which", async (_n, asOf, date, gold, rate) => {
    const answer = await calculate({ ...figure, asOf });
    expect(answer.asOf).toBe(asOf);
    expect(answer.prices).toMatchObject({ goldPerGram: gold, source: "cache", date });
    expect(answer.rates!.USD).toEqual({ rate, source: "cache", date });

    const rates = await testApp.request(`/api/rates?currency=EUR&of=USD&asOf=${asOf}`);
    expect(ratesResponseSchema.parse(await rates.json())).toEqual({
      currency: "EUR",
      rates: { USD: { rate, source: "cache", date } },
    });

    const prices = await testApp.request(`/api/prices?currency=EUR&asOf=${asOf}`);
    expect(pricesResponseSchema.parse(await prices.json())).toMatchObject({
      goldPerGram: gold,
      date,
    });
  });

  it("asOf before any stored day: the shipped prices, with their day", async () => {
    const answer = await calculate({ ...figure, asOf: "2026-01-01" });
    expect(answer.prices).toMatchObject({
      goldPerGram: "111.50",
      source: "default",
      date: "2025-10-31",
    });
    // shipped rates: the two shipped gold prices (111.50 EUR / 128.60 USD per gram)
    expect(answer.rates!.USD).toEqual({
      rate: "0.867029549",
      source: "default",
      date: "2025-10-31",
    });
  });

  it("a saved calculation keeps the rates used: a reload and a resave never change its result", async () => {
    const created = await owner.json("POST", base, {
      ...figure,
      name: "As of 13 Nov",
      asOf: "2026-11-13",
      // the tracker's "Calculate for this date": saved against that milestone
      milestoneId,
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const saved = calculationSchema.parse(await created.json());
    expect(saved).toMatchObject({
      calculationDate: "2026-11-13",
      milestoneId,
      prices: { goldPerGram: "112", silverPerGram: "1.4" },
      priceSource: "cache",
      rates: { USD: { rate: "0.88", source: "cache", date: "2026-11-13" } },
      zakatableAmount: "1380.00",
    });

    // newer prices of that very day arrive: the saved calculation does not move
    await testApp.database.db
      .update(dailyPrices)
      .set({ usdRate: "0.5", goldPerGram: "1" })
      .execute();
    const reloaded = calculationSchema.parse(
      await (await owner.request(`${base}/${saved.id}`)).json(),
    );
    expect(reloaded).toMatchObject({ rates: saved.rates, zakatableAmount: "1380.00" });

    // sent back as read (rates and prices included), it computes the same
    const resaved = await owner.json("PUT", `${base}/${saved.id}`, { ...reloaded, name: "Again" });
    expect(resaved.status, await resaved.clone().text()).toBe(200);
    expect(calculationSchema.parse(await resaved.json())).toMatchObject({
      rates: saved.rates,
      zakatableAmount: "1380.00",
      zakatDue: "34.50",
    });
  });

  it("refuses a milestone of another workspace, or none at all, storing nothing", async () => {
    const stranger = await signUpAndSignIn(testApp, uniqueEmail("currencies-other"));
    const theirs = await addMilestone(stranger);
    const before = (await (await owner.request(base)).json()) as { total?: number };
    for (const id of [theirs, "3b241101-e2bb-4255-8caf-4136c566a962"]) {
      const refused = await owner.json("POST", base, {
        ...figure,
        name: "Elsewhere",
        milestoneId: id,
      });
      expect(refused.status, id).toBe(400);
      expect(await refused.json()).toMatchObject({
        error: { code: "VALIDATION_FAILED", fields: { milestoneId: "unknown_milestone" } },
      });
    }
    expect(await (await owner.request(base)).json()).toEqual(before);
  });
});
