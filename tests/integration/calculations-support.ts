import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { calculationSchema } from "../../src/contracts/calculations.ts";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { zakatCalculations } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";

// What the saved-calculation tests share (calculations*.test.ts): the app, an owner and a
// stranger, the request body, and rows made directly. `testApp`, `owner`, `stranger`, `ws` and
// `base` are live bindings, set by useCalculationsApp's beforeAll.

/** rows of a raw query (db.execute's result type is the engine's) */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export const body = (extra: Record<string, unknown> = {}) => ({
  ...calculateRequestExample,
  name: "Ramadan 1447",
  isCompleted: true,
  calculationDate: "2026-03-01",
  ...extra,
});

/** API.md's example answer (POST /api/calculate gives the same). */
export const exampleResult = {
  totalAssets: "14100.00",
  totalLiabilities: "1000.00",
  zakatableAmount: "13100.00",
  nissabValue: "565.25",
  isAboveNissab: true,
  zakatDue: "327.50",
};

export let testApp: TestApp;
export let owner: SignedInUser;
export let stranger: SignedInUser;
export let ws: string;
export let base: string;

/** One app, an owner with their workspace and a stranger per file (beforeAll and afterAll). */
export function useCalculationsApp() {
  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    owner = await signUpAndSignIn(testApp, uniqueEmail("calc-owner"));
    stranger = await signUpAndSignIn(testApp, uniqueEmail("calc-stranger"));
    ws = workspaceListSchema.parse(await (await owner.request("/api/workspaces")).json())[0]!.id;
    base = `/api/workspaces/${ws}/calculations`;
  });
  afterAll(() => testApp.close());
}

export const rowCount = async () => testApp.database.db.$count(zakatCalculations);
export const errorOf = async (response: Response) =>
  errorBodySchema.parse(await response.json()).error;

export async function create(user: SignedInUser, extra: Record<string, unknown> = {}, path = base) {
  const response = await user.json("POST", path, body(extra));
  expect(response.status, await response.clone().text()).toBe(201);
  return calculationSchema.parse(await response.json());
}

/** a fresh workspace of a fresh member, with `n` rows made directly with distinct times */
export async function workspaceWith(n: number) {
  const user = await signUpAndSignIn(testApp, uniqueEmail("pages"));
  const [workspace] = workspaceListSchema.parse(
    await (await user.request("/api/workspaces")).json(),
  );
  const first = await create(
    user,
    { name: "template" },
    `/api/workspaces/${workspace!.id}/calculations`,
  );
  await testApp.database.db.delete(zakatCalculations).where(eq(zakatCalculations.id, first.id));
  if (n > 0) {
    await testApp.database.db.execute(sql`
      insert into zakat_calculations (workspace_id, user_id, name, calculation_date,
        asset_selection, liability_selection, cash_amounts, gold_silver_amounts,
        money_owed_amounts, shares_business_amounts, liability_amounts, currency, methodology,
        nissab_method, gold_price_per_gram, silver_price_per_gram, total_assets,
        total_liabilities, zakatable_amount, zakat_due, nissab_value, is_above_nissab, created_at)
      select ${workspace!.id}, ${user.id}, 'calc ' || i, '2026-01-01', '{}', '{}', '{}', '{}',
        '{}', '{}', '{}', 'EUR', '{}', 'minimum', 80, 0.95, i, 0, i, 0, 565.25, false,
        timestamptz '2026-01-01T00:00:00Z' + i * interval '1 minute'
      from generate_series(1, ${n}) as i`);
  }
  return { user, path: `/api/workspaces/${workspace!.id}/calculations` };
}
