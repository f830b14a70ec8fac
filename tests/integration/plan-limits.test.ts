import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { planUsageResponseSchema } from "../../src/contracts/me.ts";
import type { PlanId } from "../../src/domain/plans.ts";
import { AppError } from "../../src/server/errors.ts";
import { assertMayAddCalendarIntegration } from "../../src/server/services/plan-limits.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { setPlan } from "../helpers/workspaces.ts";

// Issue 14: the limits at their boundaries that other files do not cover (embed domains on
// standard, pro without limits), and the calendar integration check the calendar feeds call:
// each plan's last allowed and first refused, and concurrent adds for the last slot.

const engine = testEngine();

describe(`plan limits on ${engine}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    // a stand-in for the calendar feeds' table (issue 15 builds the real one)
    await testApp.database.db.execute(
      sql`CREATE TABLE plan_limit_probe (user_id text NOT NULL, n int NOT NULL)`,
    );
  });
  afterAll(() => testApp.close());

  const limitFields = async (response: Response) =>
    ((await response.json()) as { error: { code: string; fields?: Record<string, string> } }).error;

  async function addFeed(userId: string, n: number): Promise<"added" | "refused"> {
    try {
      await testApp.database.db.transaction(async (tx) => {
        await assertMayAddCalendarIntegration(tx, {
          userId,
          countIntegrations: async (t) => {
            const result = await t.execute(
              sql`SELECT count(*)::int AS c FROM plan_limit_probe WHERE user_id = ${userId}`,
            );
            return (result as unknown as { rows: { c: number }[] }).rows[0]!.c;
          },
        });
        await tx.execute(sql`INSERT INTO plan_limit_probe (user_id, n) VALUES (${userId}, ${n})`);
      });
      return "added";
    } catch (error) {
      if (error instanceof AppError && error.code === "PLAN_LIMIT_REACHED") {
        expect(error.fields).toMatchObject({ limit: "calendarIntegrations" });
        return "refused";
      }
      throw error;
    }
  }

  it.each([
    ["free", 1, "standard"],
    ["standard", 4, "pro"],
  ] as const)(
    "calendar integrations on %s: %i allowed, the next refused (upgrade: %s)",
    async (plan, limit, upgradeTo) => {
      const person = await signUpAndSignIn(testApp, uniqueEmail(`cal-${plan}`));
      await setPlan(testApp, person.id, plan as PlanId);
      for (let i = 0; i < limit; i++) expect(await addFeed(person.id, i)).toBe("added");
      const refused = await testApp.database.db
        .transaction((tx) =>
          assertMayAddCalendarIntegration(tx, {
            userId: person.id,
            countIntegrations: async () => limit,
          }),
        )
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppError);
      expect((refused as AppError).fields).toEqual({
        limit: "calendarIntegrations",
        plan,
        limitValue: String(limit),
        upgradeTo,
      });
      expect(await addFeed(person.id, limit)).toBe("refused");
    },
  );

  it("calendar integrations on pro: no limit", async () => {
    const person = await signUpAndSignIn(testApp, uniqueEmail("cal-pro"));
    await setPlan(testApp, person.id, "pro");
    for (let i = 0; i < 12; i++) expect(await addFeed(person.id, i)).toBe("added");
  });

  it("calendar integrations: of 5 concurrent adds for the last free slot exactly one wins", async () => {
    const person = await signUpAndSignIn(testApp, uniqueEmail("cal-race"));
    const outcomes = await Promise.all([0, 1, 2, 3, 4].map((n) => addFeed(person.id, n)));
    expect(outcomes.filter((o) => o === "added")).toHaveLength(1);
  });

  const createEmbed = (person: SignedInUser, name: string, allowedDomains: string[]) =>
    person.json("POST", "/api/embed-configs", { name, allowedDomains });

  it("embed domains on standard: 8 allowed, the 9th refused (upgrade: pro); pro: no limit", async () => {
    const person = await signUpAndSignIn(testApp, uniqueEmail("embed-standard"));
    await setPlan(testApp, person.id, "standard");
    const eight = Array.from({ length: 8 }, (_, i) => `d${i}.example.org`);
    expect((await createEmbed(person, "Eight", eight)).status).toBe(201);
    const ninth = await createEmbed(person, "Nine", ["d8.example.org"]);
    expect(ninth.status).toBe(403);
    expect(await limitFields(ninth)).toMatchObject({
      code: "PLAN_LIMIT_REACHED",
      fields: { limit: "embedDomains", plan: "standard", limitValue: "8", upgradeTo: "pro" },
    });
    await setPlan(testApp, person.id, "pro");
    const many = Array.from({ length: 20 }, (_, i) => `p${i}.example.org`);
    expect((await createEmbed(person, "Many", many)).status).toBe(201);
    // downgrade: everything stays readable; adding a domain is refused, renaming is not
    await setPlan(testApp, person.id, "free");
    const list = await person.request("/api/embed-configs");
    expect(list.status).toBe(200);
    expect(((await list.json()) as unknown[]).length).toBe(2);
    expect((await createEmbed(person, "More", ["x.example.org"])).status).toBe(403);
  });

  it("workspaces on pro: no limit; racing for the last standard slot, one wins", async () => {
    const pro = await signUpAndSignIn(testApp, uniqueEmail("ws-pro"));
    await setPlan(testApp, pro.id, "pro");
    for (let i = 0; i < 6; i++) {
      expect((await pro.json("POST", "/api/workspaces", { name: `W${i}` })).status).toBe(201);
    }
    const standard = await signUpAndSignIn(testApp, uniqueEmail("ws-race"));
    await setPlan(testApp, standard.id, "standard");
    for (const name of ["Two", "Three"]) {
      expect((await standard.json("POST", "/api/workspaces", { name })).status).toBe(201);
    }
    const raced = await Promise.all(
      ["a", "b", "c", "d"].map((name) => standard.json("POST", "/api/workspaces", { name })),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([201, 403, 403, 403]);
  });
});

describe(`GET /api/me/plan on ${engine}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  it("shows the plan and usage against each limit, also over the limit after a downgrade", async () => {
    const person = await signUpAndSignIn(testApp, uniqueEmail("usage"));
    const usageOf = async () => {
      const response = await person.request("/api/me/plan");
      expect(response.status).toBe(200);
      return planUsageResponseSchema.parse(await response.json());
    };
    expect(await usageOf()).toEqual({
      plan: "free",
      usage: [
        { feature: "workspaces", used: 1, limit: 1 },
        { feature: "invitations", used: 0, limit: 0 },
        { feature: "embedDomains", used: 0, limit: 2 },
        { feature: "calendarIntegrations", used: 0, limit: 1 },
      ],
      renewsAt: null,
      endsAt: null,
      // this app has no Stripe keys (tests/integration/billing.test.ts has)
      onlinePayment: false,
      manageable: false,
    });
    await setPlan(testApp, person.id, "standard");
    const ws = await person.json("POST", "/api/workspaces", { name: "Family" });
    const family = (await ws.json()) as { id: string };
    for (const email of [uniqueEmail("u1"), uniqueEmail("u2")]) {
      const invite = await person.json("POST", `/api/workspaces/${family.id}/invitations`, {
        email,
        role: "member",
      });
      expect(invite.status).toBe(201);
    }
    await person.json("POST", "/api/embed-configs", {
      name: "Site",
      allowedDomains: ["a.example.org", "b.example.org", "c.example.org"],
    });
    await setPlan(testApp, person.id, "free");
    expect((await usageOf()).usage).toEqual([
      { feature: "workspaces", used: 2, limit: 1 },
      { feature: "invitations", used: 2, limit: 0 },
      { feature: "embedDomains", used: 3, limit: 2 },
      { feature: "calendarIntegrations", used: 0, limit: 1 },
    ]);
  });
});
