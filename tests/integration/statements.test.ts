import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { statementListSchema } from "../../src/contracts/statements.ts";
import { workspaceMembers } from "../../src/server/db/schema.ts";
import type { SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { newTenant, setPlan } from "../helpers/workspaces.ts";

// Issue 33: the zakat statement. A workspace with a timeline, a calculation in EUR with amounts
// in USD and GBP, and a record paid in two payments: the PDF's text, read back with a PDF
// parser, carries the figures, both calendars' dates, the prices and their sources, in en, fr
// and nl. Then the refusals: foreign workspace, unknown year, no calculation, free plan.

const engine = testEngine();

/** The PDF's text, one page after the other, every run of white space (NBSP too) one space. */
async function pdfText(bytes: ArrayBuffer): Promise<{ text: string; pages: number }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text, totalPages } = await extractText(pdf, { mergePages: true });
  return { text: text.replace(/\s+/g, " "), pages: totalPages };
}

describe(`zakat statements on ${engine}`, () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let base: string;
  let ws: string;
  let chosen: string;
  let earlier: string;
  let draft: string;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    ({ user: owner, base, ws } = await newTenant(testApp, "statement"));
    await setPlan(testApp, owner.id, "standard");
    const add = async (path: string, body: unknown) => {
      const response = await owner.json("POST", `${base}${path}`, body);
      expect(response.status, await response.clone().text()).toBe(201);
      return (await response.json()) as { id: string };
    };
    await owner.json("PATCH", `${base}/zakat/settings`, {});
    // 11 March 2024 = 1 Ramadan 1445; one Umm al-Qura year later: 1 March 2025 = 1 Ramadan 1446
    await add("/milestones", {
      date: "2024-03-11",
      type: "threshold",
      title: "Reached nisab",
      titleCode: "nisab-reached",
      reminders: { quarterly: true },
    });
    ({ id: chosen } = await add("/calculations", {
      name: "Year 1446",
      isCompleted: true,
      asOf: "2025-02-27",
      currency: "EUR",
      prices: { goldPerGram: "80.5", silverPerGram: "0.95" },
      priceSource: "manual",
      priceDate: "2025-02-26",
      rates: { USD: "0.90", GBP: "1.15" },
      methodology: { preset: "standard" },
      cashAmounts: {
        cashInHand: { amount: "1000", currency: "USD" },
        bankAccounts: [{ id: "b1", label: "savings", amount: "500" }],
      },
      sharesBusinessAmounts: { shares: { amount: "200", currency: "GBP" } },
      liabilityAmounts: { creditCard: "100" },
    }));
    // a second completed calculation of the year, further from its due date: one to pick
    ({ id: earlier } = await add("/calculations", {
      name: "Early 1446",
      isCompleted: true,
      asOf: "2025-01-15",
      currency: "EUR",
      prices: { goldPerGram: "79", silverPerGram: "0.9" },
      cashAmounts: { cashInHand: "7777" },
    }));
    // a draft nearer to the due date never counts
    ({ id: draft } = await add("/calculations", {
      name: "Draft",
      isCompleted: false,
      asOf: "2025-03-01",
      currency: "EUR",
      prices: { goldPerGram: "80.5", silverPerGram: "0.95" },
      cashAmounts: { cashInHand: "99999" },
    }));
    const record = await add("/obligations", {
      amount: "38.25",
      category: "Zakat 1446",
      dueDate: "2025-03-01",
    });
    await add(`/obligations/${record.id}/payments`, { amount: "20", paidOn: "2025-03-05" });
    await add(`/obligations/${record.id}/payments`, { amount: "10", paidOn: "2025-04-01" });
    // a second year (due in 1447) with no completed calculation
    await add("/milestones", { date: "2025-03-10", type: "threshold", title: "Again" });
  });
  afterAll(() => testApp.close());

  const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

  it("lists the years, newest first, with the calculation each rests on", async () => {
    const response = await owner.request(`${base}/statements`);
    expect(response.status).toBe(200);
    const list = statementListSchema.parse(await response.json());
    expect(list.included).toBe(true);
    expect(list.years.map((y) => [y.due, y.hijriYear, y.calculationDate])).toEqual([
      ["2026-02-27", 1447, null],
      ["2025-03-01", 1446, "2025-02-27"],
    ]);
    expect(list.years[0]!.calculations).toEqual([]);
    expect(list.years[1]!.calculations).toEqual([
      { id: chosen, name: "Year 1446", calculationDate: "2025-02-27" },
      { id: earlier, name: "Early 1446", calculationDate: "2025-01-15" },
    ]);
  });

  it("rests on the calculation the member picks among the year's", async () => {
    const response = await owner.request(
      `${base}/statements/2025-03-01.pdf?lang=en&calculation=${earlier}`,
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const { text } = await pdfText(await response.arrayBuffer());
    expect(text).toContain("Early 1446");
    expect(text).toContain("15 January 2025");
    expect(text).toContain("€7,777.00");
    expect(text).not.toContain("Year 1446");
  });

  it("refuses a picked calculation that is not one of the year's completed ones", async () => {
    const ask = (year: string, id: string) =>
      owner.request(`${base}/statements/${year}.pdf?calculation=${id}`);
    // a draft of the year, and a completed calculation of another year
    for (const [year, id] of [
      ["2025-03-01", draft],
      ["2026-02-27", chosen],
    ] as const) {
      const response = await ask(year, id);
      expect(response.status, `${year} ${id}`).toBe(409);
      expect((await errorOf(response)).code).toBe("STATEMENT_CALCULATION_NOT_IN_YEAR");
    }
    // one the workspace does not have: unknown, as on every route
    const unknown = await ask("2025-03-01", "00000000-0000-4000-8000-000000000000");
    expect(unknown.status).toBe(404);
    expect((await errorOf(unknown)).code).toBe("NOT_FOUND");
    const other = await newTenant(testApp, "picker");
    const foreign = await other.user.json("POST", `${other.base}/calculations`, {
      name: "Elsewhere",
      isCompleted: true,
      asOf: "2025-02-27",
      currency: "EUR",
      prices: { goldPerGram: "80", silverPerGram: "1" },
    });
    const { id: foreignId } = (await foreign.json()) as { id: string };
    expect((await ask("2025-03-01", foreignId)).status).toBe(404);
    const malformed = await ask("2025-03-01", "not-an-id");
    expect(malformed.status).toBe(400);
    expect((await errorOf(malformed)).code).toBe("VALIDATION_FAILED");
  });

  it.each([
    [
      "en",
      [
        "Zakat statement 1446 AH",
        "1 March 2025 (1 Ramadan 1446 AH)",
        "11 March 2024 (1 Ramadan 1445 AH)",
        "Majority: a dip below nisab during the year ends it",
        "Standard",
        "US$1,000.00 × 0.9 (typed, 27 February 2025)",
        "€900.00",
        "Bank account: Savings",
        "€500.00",
        "£200.00 × 1.15 (typed, 27 February 2025)",
        "€230.00",
        "Credit card",
        "€100.00",
        "Total assets",
        "€1,630.00",
        "1 USD = 0.9 EUR",
        "1 GBP = 1.15 EUR",
        "Gold: 85 g × €80.50 per gram",
        "€6,842.50",
        "Silver: 595 g × €0.95 per gram",
        "€565.25",
        "typed by hand, 26 February 2025",
        "€1,530.00",
        "2.5% (lunar year)",
        "Zakat due €38.25",
        "Nisab reached",
        "25% Zakat Review",
        "Zakat 1446, due 1 March 2025",
        "Paid on 5 March 2025",
        "€20.00",
        "Paid on 1 April 2025",
        "€10.00",
        "Remaining due €8.25",
        "Cash in hand and bank balances count in full.",
        "not a fatwa",
        "Page 1 of",
      ],
    ],
    [
      "fr",
      [
        "Relevé de zakat 1446 AH",
        "1 mars 2025 (1 ramadan 1446 AH)",
        "1 000,00 $US × 0,9",
        "900,00 €",
        "1 630,00 €",
        "Or : 85 g × 80,50 € le gramme",
        "6 842,50 €",
        "saisis à la main, 26 février 2025",
        "2,5 % (année lunaire)",
        "38,25 €",
        "Payé le 5 mars 2025",
        "Reste dû 8,25 €",
        "pas une fatwa",
        "Page 1 sur",
      ],
    ],
    [
      "nl",
      [
        "Zakatoverzicht 1446 AH",
        "1 maart 2025",
        "US$ 1.000,00 × 0,9",
        "€ 1.630,00",
        "Goud: 85 g × € 80,50 per gram",
        "€ 6.842,50",
        "2,5% (maanjaar)",
        "€ 38,25",
        "Betaald op 5 maart 2025",
        "Nog te betalen € 8,25",
        "geen fatwa",
        "Pagina 1 van",
      ],
    ],
  ] as const)(
    "the %s statement carries the figures, dates, prices and sources",
    async (lang, expected) => {
      const response = await owner.request(`${base}/statements/2025-03-01.pdf?lang=${lang}`);
      expect(response.status, await response.clone().text()).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(
        'attachment; filename="zakat-statement-1446AH-2025-03-01.pdf"',
      );
      const { text, pages } = await pdfText(await response.arrayBuffer());
      expect(pages).toBeGreaterThanOrEqual(1);
      for (const fragment of expected) expect(text).toContain(fragment.replace(/\s+/g, " "));
      // the completed calculation, not the draft dated on the due date itself
      expect(text).toContain("Year 1446");
      expect(text).not.toContain("Draft");
    },
  );

  it("answers 404 STATEMENT_NO_CALCULATION for a year without a completed calculation", async () => {
    const response = await owner.request(`${base}/statements/2026-02-27.pdf`);
    expect(response.status).toBe(404);
    expect((await errorOf(response)).code).toBe("STATEMENT_NO_CALCULATION");
  });

  it("answers 404 NOT_FOUND for a day no year falls due on, and for a malformed year", async () => {
    for (const year of ["2025-03-02.pdf", "2025-13-01.pdf", "1446.pdf"]) {
      const response = await owner.request(`${base}/statements/${year}`);
      expect(response.status, year).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
  });

  it("answers 404 to a non-member, as every workspace route does", async () => {
    const stranger = await newTenant(testApp, "stranger");
    await setPlan(testApp, stranger.user.id, "pro");
    for (const path of [`${base}/statements`, `${base}/statements/2025-03-01.pdf`]) {
      const response = await stranger.user.request(path);
      expect(response.status, path).toBe(404);
      expect((await errorOf(response)).code).toBe("NOT_FOUND");
    }
  });

  it("lets any member read it: a free member of a Standard owner's workspace", async () => {
    const member = await newTenant(testApp, "member");
    await testApp.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: ws, userId: member.user.id, role: "member" });
    const response = await member.user.request(`${base}/statements/2025-03-01.pdf`);
    expect(response.status).toBe(200);
  });

  it("refuses the free plan with PLAN_LIMIT_REACHED, and lists its years as not included", async () => {
    const free = await newTenant(testApp, "free");
    const listed = statementListSchema.parse(
      await (await free.user.request(`${free.base}/statements`)).json(),
    );
    expect(listed).toEqual({ included: false, years: [] });
    const response = await free.user.request(`${free.base}/statements/2025-03-01.pdf`);
    expect(response.status).toBe(403);
    expect(await errorOf(response)).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      fields: { limit: "statements", plan: "free", upgradeTo: "standard" },
    });
  });
});
