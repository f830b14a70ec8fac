import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import {
  calculationListSchema,
  calculationSchema,
  calculationVersionConflictSchema,
  type Calculation,
} from "../../src/contracts/calculations.ts";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import {
  calculationIdempotencyKeys,
  workspaceMembers,
  zakatCalculations,
} from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";

// Saved calculations (API.md "calculations", spec §5 "Saving a calculation"): members only
// (404 for everyone else), the server's own totals, ids, versions, idempotency, pages, CSV.

/** rows of a raw query (db.execute's result type is the engine's) */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const body = (extra: Record<string, unknown> = {}) => ({
  ...calculateRequestExample,
  name: "Ramadan 1447",
  isCompleted: true,
  calculationDate: "2026-03-01",
  ...extra,
});

/** API.md's example answer (POST /api/calculate gives the same). */
const exampleResult = {
  totalAssets: "14100.00",
  totalLiabilities: "1000.00",
  zakatableAmount: "13100.00",
  nissabValue: "565.25",
  isAboveNissab: true,
  zakatDue: "327.50",
};

describe(`/api/workspaces/:ws/calculations on ${testEngine()}`, () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let stranger: SignedInUser;
  let ws: string;
  let base: string;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    owner = await signUpAndSignIn(testApp, uniqueEmail("calc-owner"));
    stranger = await signUpAndSignIn(testApp, uniqueEmail("calc-stranger"));
    ws = workspaceListSchema.parse(await (await owner.request("/api/workspaces")).json())[0]!.id;
    base = `/api/workspaces/${ws}/calculations`;
  });
  afterAll(() => testApp.close());

  const rowCount = async () => testApp.database.db.$count(zakatCalculations);
  const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

  async function create(user: SignedInUser, extra: Record<string, unknown> = {}, path = base) {
    const response = await user.json("POST", path, body(extra));
    expect(response.status, await response.clone().text()).toBe(201);
    return calculationSchema.parse(await response.json());
  }

  /** a fresh workspace of a fresh member, with `n` rows made directly with distinct times */
  async function workspaceWith(n: number) {
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

  describe("access", () => {
    it("answers 401 without a session on every route, storing nothing", async () => {
      const before = await rowCount();
      const id = randomUUID();
      const calls: [string, string, unknown?][] = [
        ["GET", base],
        ["GET", `${base}.csv`],
        ["POST", base, body()],
        ["GET", `${base}/${id}`],
        ["PUT", `${base}/${id}`, body({ version: 1 })],
        ["DELETE", `${base}/${id}`],
      ];
      for (const [method, path, payload] of calls) {
        const response = await testApp.request(path, {
          method,
          ...(payload
            ? { headers: { "content-type": "application/json" }, body: JSON.stringify(payload) }
            : {}),
        });
        expect(response.status, `${method} ${path}`).toBe(401);
        expect((await errorOf(response)).code).toBe("UNAUTHENTICATED");
      }
      expect(await rowCount()).toBe(before);
    });

    it("answers 404 NOT_FOUND to a signed-in non-member on every route (even with bad input), and to unknown workspaces", async () => {
      const saved = await create(owner);
      const before = await rowCount();
      const unknownWs = `/api/workspaces/${randomUUID()}/calculations`;
      const notUuidWs = `/api/workspaces/not-a-uuid/calculations`;
      for (const path of [base, unknownWs, notUuidWs]) {
        const calls: [string, string, unknown?][] = [
          ["GET", path],
          ["GET", `${path}?page=0`],
          ["GET", `${path}.csv`],
          ["POST", path, body()],
          ["POST", path, body({ id: "bad id" })],
          ["POST", path, { nonsense: true }],
          ["GET", `${path}/${saved.id}`],
          ["GET", `${path}/not-a-uuid`],
          ["PUT", `${path}/${saved.id}`, body({ version: 1 })],
          ["PUT", `${path}/not-a-uuid`, { nonsense: true }],
          ["DELETE", `${path}/${saved.id}`],
          ["DELETE", `${path}/not-a-uuid`],
        ];
        for (const [method, p, payload] of calls) {
          const response = await stranger.json(method, p, payload);
          expect(response.status, `${method} ${p}`).toBe(404);
          expect((await errorOf(response)).code).toBe("NOT_FOUND");
        }
      }
      expect(await rowCount()).toBe(before);
      // still there, unchanged
      const reread = calculationSchema.parse(
        await (await owner.request(`${base}/${saved.id}`)).json(),
      );
      expect(reread.version).toBe(1);
    });

    it("lets every member of the workspace read and write, and records the creator", async () => {
      const member = await signUpAndSignIn(testApp, uniqueEmail("calc-member"));
      await testApp.database.db
        .insert(workspaceMembers)
        .values({ workspaceId: ws, userId: member.id, role: "member" });
      const saved = await create(member, { name: "by member" });
      expect(saved.createdBy).toBe(member.id);
      const read = await owner.request(`${base}/${saved.id}`);
      expect(read.status).toBe(200);
      const put = await owner.json(
        "PUT",
        `${base}/${saved.id}`,
        body({ name: "by owner", version: 1 }),
      );
      expect(put.status).toBe(200);
      expect(calculationSchema.parse(await put.json())).toMatchObject({
        name: "by owner",
        version: 2,
        createdBy: member.id,
      });
    });
  });

  describe("create and read", () => {
    it("creates with 201, the server's totals, version 1, and reads it back with the body", async () => {
      const response = await owner.json("POST", base, body());
      expect(response.status).toBe(201);
      const created = calculationSchema.parse(await response.json());
      expect(created).toMatchObject({
        ...exampleResult,
        name: "Ramadan 1447",
        isCompleted: true,
        calculationDate: "2026-03-01",
        currency: "EUR",
        version: 1,
        createdBy: owner.id,
        prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
        priceSource: null,
        priceDate: null,
        methodology: calculateRequestExample.methodology,
        assetSelection: calculateRequestExample.assetSelection,
        liabilitySelection: calculateRequestExample.liabilitySelection,
        cashAmounts: calculateRequestExample.cashAmounts,
      });
      expect(created.goldSilverAmounts).toMatchObject({
        gold: "20",
        isWeight: true,
        goldKarat: 24,
      });
      expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.now() - 60_000);

      const read = await owner.request(`${base}/${created.id}`);
      expect(read.status).toBe(200);
      expect(calculationSchema.parse(await read.json())).toEqual(created);
      // the answer equals POST /api/calculate's for the same inputs
      const calculated = await (
        await testApp.request("/api/calculate", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(calculateRequestExample),
        })
      ).json();
      for (const key of Object.keys(exampleResult)) {
        expect(created[key as keyof Calculation]).toEqual(calculated[key]);
      }
    });

    it("stores the inputs as jsonb and the prices and results as NUMERIC columns", async () => {
      const created = await create(owner, {
        priceSource: "live",
        priceDate: "2026-02-28T10:00:00Z",
      });
      const [row] = await testApp.database.db
        .select()
        .from(zakatCalculations)
        .where(eq(zakatCalculations.id, created.id));
      expect(row).toMatchObject({
        workspaceId: ws,
        userId: owner.id,
        nissabMethod: "minimum",
        goldPricePerGram: "80.00",
        silverPricePerGram: "0.95",
        totalAssets: "14100.00",
        zakatDue: "327.50",
        nissabValue: "565.25",
        isAboveNissab: true,
        priceSource: "live",
        version: 1,
      });
      expect(row!.priceDate!.toISOString()).toBe("2026-02-28T10:00:00.000Z");
      expect(row!.cashAmounts).toEqual(calculateRequestExample.cashAmounts);
      const types = await testApp.database.db.execute<{
        column_name: string;
        data_type: string;
      }>(sql`
        select column_name, data_type from information_schema.columns
        where table_name = 'zakat_calculations'`);
      const typeOf = Object.fromEntries(
        rowsOf<{ column_name: string; data_type: string }>(types).map((r) => [
          r.column_name,
          r.data_type,
        ]),
      );
      for (const column of [
        "asset_selection",
        "cash_amounts",
        "liability_amounts",
        "methodology",
      ]) {
        expect(typeOf[column], column).toBe("jsonb");
      }
      for (const column of ["gold_price_per_gram", "total_assets", "zakat_due", "nissab_value"]) {
        expect(typeOf[column], column).toBe("numeric");
      }
    });

    it("ignores result fields a client sends and computes its own", async () => {
      const created = await create(owner, {
        totalAssets: "999999.00",
        totalLiabilities: "0",
        zakatableAmount: "1",
        nissabValue: "0",
        isAboveNissab: false,
        zakatDue: "0.01",
        lines: [],
        rate: "0.5",
      });
      expect(created).toMatchObject(exampleResult);
      const [row] = await testApp.database.db
        .select()
        .from(zakatCalculations)
        .where(eq(zakatCalculations.id, created.id));
      expect(row).toMatchObject({
        totalAssets: "14100.00",
        zakatDue: "327.50",
        isAboveNissab: true,
      });
    });

    it("fills in today's date, isCompleted false, and every category when the selections are omitted", async () => {
      const { assetSelection: _a, liabilitySelection: _l, ...rest } = calculateRequestExample;
      const response = await owner.json("POST", base, { ...rest, name: "Quick" });
      expect(response.status).toBe(201);
      const created = calculationSchema.parse(await response.json());
      expect(created.calculationDate).toBe(new Date().toISOString().slice(0, 10));
      expect(created.isCompleted).toBe(false);
      expect(Object.values(created.assetSelection).every(Boolean)).toBe(true);
      expect(Object.values(created.liabilitySelection).every(Boolean)).toBe(true);
    });

    it("GET of a non-UUID id is 400 INVALID_SESSION_ID; of an unknown UUID 404", async () => {
      const bad = await owner.request(`${base}/abc`);
      expect(bad.status).toBe(400);
      expect(await errorOf(bad)).toEqual({
        code: "INVALID_SESSION_ID",
        message: "Invalid session ID format: abc. Expected valid UUID format.",
      });
      const missing = await owner.request(`${base}/${randomUUID()}`);
      expect(missing.status).toBe(404);
      expect((await errorOf(missing)).code).toBe("NOT_FOUND");
    });

    it("does not show one workspace's calculation through another workspace's path", async () => {
      const other = await signUpAndSignIn(testApp, uniqueEmail("calc-other"));
      const [otherWs] = workspaceListSchema.parse(
        await (await other.request("/api/workspaces")).json(),
      );
      const theirs = await create(other, {}, `/api/workspaces/${otherWs!.id}/calculations`);
      // the owner is a member of `ws` but the id belongs to the other workspace
      expect((await owner.request(`${base}/${theirs.id}`)).status).toBe(404);
      expect((await owner.json("PUT", `${base}/${theirs.id}`, body({ version: 1 }))).status).toBe(
        404,
      );
      expect((await owner.json("POST", base, body({ id: theirs.id }))).status).toBe(404);
      expect((await owner.json("DELETE", `${base}/${theirs.id}`)).status).toBe(404);
      const still = await other.request(`/api/workspaces/${otherWs!.id}/calculations/${theirs.id}`);
      expect(calculationSchema.parse(await still.json()).name).toBe("Ramadan 1447");
    });
  });

  describe("ids on POST (spec §5)", () => {
    it.each([
      ["no id", {}],
      ["an empty id", { id: "" }],
      ["a null id", { id: null }],
      ["a local_ id", { id: "local_1732100000000_ab12" }],
    ])("%s inserts a new calculation", async (_n, extra) => {
      const before = await rowCount();
      const created = await create(owner, extra);
      expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(await rowCount()).toBe(before + 1);
    });

    it.each(["abc", "12345", "local-1", "LOCAL_1", "{a5c4b9b0-0000-4000-8000-000000000000}", " "])(
      "refuses the id %j with 400 INVALID_SESSION_ID and the spec's message, storing nothing",
      async (id) => {
        const before = await rowCount();
        const response = await owner.json("POST", base, body({ id }));
        expect(response.status).toBe(400);
        expect(await errorOf(response)).toEqual({
          code: "INVALID_SESSION_ID",
          message: `Invalid session ID format: ${id}. Expected valid UUID format.`,
        });
        expect(await rowCount()).toBe(before);
      },
    );

    it("a UUID id updates that calculation (200, version + 1, totals recomputed)", async () => {
      const created = await create(owner);
      const before = await rowCount();
      const response = await owner.json(
        "POST",
        base,
        body({
          id: created.id,
          name: "Renamed",
          cashAmounts: { cashInHand: "0", bankAccounts: [] },
        }),
      );
      expect(response.status).toBe(200);
      const updated = calculationSchema.parse(await response.json());
      expect(updated).toMatchObject({
        id: created.id,
        name: "Renamed",
        version: 2,
        totalAssets: "1600.00",
        zakatableAmount: "600.00",
        zakatDue: "15.00",
        createdAt: created.createdAt,
      });
      expect(await rowCount()).toBe(before);
    });

    it("a UUID id with a stale version is 409; an unknown UUID is 404 and creates nothing", async () => {
      const created = await create(owner);
      await owner.json("POST", base, body({ id: created.id, version: 1, name: "v2" }));
      const stale = await owner.json(
        "POST",
        base,
        body({ id: created.id, version: 1, name: "v3?" }),
      );
      expect(stale.status).toBe(409);
      const before = await rowCount();
      const unknown = await owner.json("POST", base, body({ id: randomUUID() }));
      expect(unknown.status).toBe(404);
      expect(await rowCount()).toBe(before);
    });
  });

  describe("update with version", () => {
    it("PUT with the current version overwrites, recomputes and bumps the version", async () => {
      const created = await create(owner);
      const response = await owner.json(
        "PUT",
        `${base}/${created.id}`,
        body({
          version: 1,
          isCompleted: false,
          liabilityAmounts: { personalLoans: "20000" },
          zakatDue: "1",
        }),
      );
      expect(response.status).toBe(200);
      const updated = calculationSchema.parse(await response.json());
      expect(updated).toMatchObject({
        id: created.id,
        version: 2,
        isCompleted: false,
        totalLiabilities: "20000.00",
        zakatableAmount: "0.00",
        isAboveNissab: false,
        zakatDue: "0.00",
      });
      expect(Date.parse(updated.updatedAt)).toBeGreaterThanOrEqual(Date.parse(created.updatedAt));
    });

    it("PUT with unchanged content keeps the version: only an edit is a new version (issue 30)", async () => {
      const created = await create(owner);
      const same = await owner.json("PUT", `${base}/${created.id}`, body({ version: 1 }));
      expect(same.status).toBe(200);
      const kept = calculationSchema.parse(await same.json());
      expect(kept).toMatchObject({ version: 1, updatedAt: created.updatedAt });
      // so another device holding version 1 saves its real edit without a conflict
      const edit = await owner.json(
        "PUT",
        `${base}/${created.id}`,
        body({ version: 1, name: "x" }),
      );
      expect(edit.status).toBe(200);
      expect(calculationSchema.parse(await edit.json())).toMatchObject({ version: 2, name: "x" });
    });

    it("PUT with a stale version is 409 VERSION_CONFLICT with the current version and state, changing nothing", async () => {
      const created = await create(owner);
      expect(
        (await owner.json("PUT", `${base}/${created.id}`, body({ version: 1, name: "first" })))
          .status,
      ).toBe(200);
      const response = await owner.json(
        "PUT",
        `${base}/${created.id}`,
        body({ version: 1, name: "second" }),
      );
      expect(response.status).toBe(409);
      const conflict = calculationVersionConflictSchema.parse(await response.json());
      expect(conflict.error.currentVersion).toBe(2);
      expect(conflict.error.current).toMatchObject({ id: created.id, name: "first", version: 2 });
      const read = calculationSchema.parse(
        await (await owner.request(`${base}/${created.id}`)).json(),
      );
      expect(read).toMatchObject({ name: "first", version: 2 });
      // "overwrite": save again with the current version
      const overwrite = await owner.json(
        "PUT",
        `${base}/${created.id}`,
        body({ version: 2, name: "second" }),
      );
      expect(overwrite.status).toBe(200);
      expect(calculationSchema.parse(await overwrite.json()).version).toBe(3);
    });

    it("of two concurrent PUTs with the same version exactly one wins", async () => {
      const created = await create(owner);
      const statuses = await Promise.all(
        ["a", "b", "c", "d"].map(
          async (name) =>
            (await owner.json("PUT", `${base}/${created.id}`, body({ version: 1, name }))).status,
        ),
      );
      expect(statuses.sort()).toEqual([200, 409, 409, 409]);
      const read = calculationSchema.parse(
        await (await owner.request(`${base}/${created.id}`)).json(),
      );
      expect(read.version).toBe(2);
    });

    it("PUT refuses a missing version (400), a non-UUID id (400 INVALID_SESSION_ID), an unknown id (404)", async () => {
      const created = await create(owner);
      const noVersion = await owner.json("PUT", `${base}/${created.id}`, body());
      expect(noVersion.status).toBe(400);
      expect((await errorOf(noVersion)).fields).toHaveProperty("version");
      const badId = await owner.json("PUT", `${base}/local_123`, body({ version: 1 }));
      expect(badId.status).toBe(400);
      expect(await errorOf(badId)).toEqual({
        code: "INVALID_SESSION_ID",
        message: "Invalid session ID format: local_123. Expected valid UUID format.",
      });
      const unknown = await owner.json("PUT", `${base}/${randomUUID()}`, body({ version: 1 }));
      expect(unknown.status).toBe(404);
    });

    it("a read sent back as it is (plus edits) is a valid update", async () => {
      const created = await create(owner);
      const response = await owner.json("PUT", `${base}/${created.id}`, {
        ...created,
        name: "Round trip",
      });
      expect(response.status, await response.clone().text()).toBe(200);
      const updated = calculationSchema.parse(await response.json());
      expect({ ...updated, name: created.name, version: 1, updatedAt: created.updatedAt }).toEqual(
        created,
      );
    });
  });

  describe("delete", () => {
    it("DELETE answers 204, then the calculation is gone (404); a second DELETE is 404", async () => {
      const created = await create(owner);
      const response = await owner.json("DELETE", `${base}/${created.id}`);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect((await owner.request(`${base}/${created.id}`)).status).toBe(404);
      expect((await owner.json("DELETE", `${base}/${created.id}`)).status).toBe(404);
      const bad = await owner.json("DELETE", `${base}/xyz`);
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).code).toBe("INVALID_SESSION_ID");
    });
  });

  describe("Idempotency-Key", () => {
    const post = (key: string, payload: unknown, user = owner, path = base) =>
      user.request(path, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": key },
        body: JSON.stringify(payload),
      });

    it("a replay returns the first answer and creates nothing new", async () => {
      const key = randomUUID();
      const first = await post(key, body({ name: "once" }));
      expect(first.status).toBe(201);
      expect(first.headers.get("idempotent-replayed")).toBeNull();
      const created = calculationSchema.parse(await first.json());
      const before = await rowCount();
      const again = await post(key, body({ name: "once" }));
      expect(again.status).toBe(201);
      expect(again.headers.get("idempotent-replayed")).toBe("true");
      expect(calculationSchema.parse(await again.json())).toEqual(created);
      expect(await rowCount()).toBe(before);
    });

    it("two concurrent requests with one key make one row", async () => {
      const key = randomUUID();
      const before = await rowCount();
      const responses = await Promise.all([1, 2, 3].map(() => post(key, body({ name: "race" }))));
      expect(responses.map((r) => r.status)).toEqual([201, 201, 201]);
      const ids = new Set(
        await Promise.all(responses.map(async (r) => calculationSchema.parse(await r.json()).id)),
      );
      expect(ids.size).toBe(1);
      expect(await rowCount()).toBe(before + 1);
      const keys = await testApp.database.db
        .select()
        .from(calculationIdempotencyKeys)
        .where(eq(calculationIdempotencyKeys.key, key));
      expect(keys).toHaveLength(1);
    });

    it("the same key with another body is 409 CONFLICT; in another workspace it is another key", async () => {
      const key = randomUUID();
      expect((await post(key, body({ name: "A" }))).status).toBe(201);
      const before = await rowCount();
      const other = await post(key, body({ name: "B" }));
      expect(other.status).toBe(409);
      expect((await errorOf(other)).code).toBe("CONFLICT");
      expect(await rowCount()).toBe(before);

      const elsewhere = await signUpAndSignIn(testApp, uniqueEmail("calc-idem"));
      const [theirWs] = workspaceListSchema.parse(
        await (await elsewhere.request("/api/workspaces")).json(),
      );
      const theirs = await post(
        key,
        body({ name: "A" }),
        elsewhere,
        `/api/workspaces/${theirWs!.id}/calculations`,
      );
      expect(theirs.status).toBe(201);
      expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    });

    it("a request that failed leaves its key unused", async () => {
      const key = randomUUID();
      const bad = await post(key, body({ cashAmounts: { cashInHand: "-5" } }));
      expect(bad.status).toBe(400);
      const good = await post(key, body());
      expect(good.status).toBe(201);
      expect(good.headers.get("idempotent-replayed")).toBeNull();
    });

    it("refuses a key that is empty or too long or not visible ASCII (400)", async () => {
      for (const key of ["", "x".repeat(256), "clé"]) {
        const response = await owner.request(base, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "idempotency-key": encodeURI(key) === key ? key : "a b",
          },
          body: JSON.stringify(body()),
        });
        expect(response.status, JSON.stringify(key)).toBe(400);
      }
    });
  });

  describe("bad amounts (400, nothing stored)", () => {
    const bankAccount = (amount: string) => ({ id: "b1", label: "savings", amount });
    it.each([
      [
        "a negative amount",
        { cashAmounts: { cashInHand: "-1", bankAccounts: [] } },
        "cashAmounts.cashInHand",
      ],
      ["NaN", { cashAmounts: { cashInHand: "NaN", bankAccounts: [] } }, "cashAmounts.cashInHand"],
      [
        "1e309",
        { cashAmounts: { cashInHand: "0", bankAccounts: [bankAccount("1e309")] } },
        "cashAmounts.bankAccounts.0.amount",
      ],
      [
        "a 40-digit amount",
        { goldSilverAmounts: { gold: "1".repeat(40) } },
        "goldSilverAmounts.gold",
      ],
      [
        "a locale amount (fr)",
        { liabilityAmounts: { personalLoans: "1 234,56" } },
        "liabilityAmounts.personalLoans",
      ],
      ["a locale amount (nl)", { moneyOwedAmounts: { loan: "1.234,56" } }, "moneyOwedAmounts.loan"],
      [
        "a locale amount (en)",
        { sharesBusinessAmounts: { shares: "1,234.56" } },
        "sharesBusinessAmounts.shares",
      ],
      ["a JSON number", { sharesBusinessAmounts: { crypto: 12 } }, "sharesBusinessAmounts.crypto"],
      [
        "a zero price",
        { prices: { goldPerGram: "0", silverPerGram: "0.95" } },
        "prices.goldPerGram",
      ],
      ["a blank name", { name: "   " }, "name"],
      ["a bad date", { calculationDate: "01/03/2026" }, "calculationDate"],
      ["an unknown field", { surprise: 1 }, "surprise"],
      [
        "six bank accounts",
        { cashAmounts: { bankAccounts: [1, 2, 3, 4, 5, 6].map(() => bankAccount("1")) } },
        "cashAmounts.bankAccounts",
      ],
    ])("%s", async (_n, extra, field) => {
      const created = await create(owner);
      const before = await rowCount();
      for (const [method, path, payload] of [
        ["POST", base, body(extra)],
        ["PUT", `${base}/${created.id}`, body({ ...extra, version: 1 })],
      ] as const) {
        const response = await owner.json(method, path, payload);
        expect(response.status, `${method}`).toBe(400);
        const error = await errorOf(response);
        expect(error.code).toBe("VALIDATION_FAILED");
        expect(error.fields?.[field], JSON.stringify(error.fields)).toEqual(expect.any(String));
      }
      expect(await rowCount()).toBe(before);
      const read = calculationSchema.parse(
        await (await owner.request(`${base}/${created.id}`)).json(),
      );
      expect(read.version).toBe(1);
    });

    it("1e309 and NaN sent raw (not as strings) are refused too", async () => {
      const before = await rowCount();
      const raw = JSON.stringify(body()).replace('"cashInHand":"500"', '"cashInHand":1e309');
      const response = await owner.request(base, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: raw,
      });
      expect(response.status).toBe(400);
      const nan = await owner.request(base, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body()).replace('"cashInHand":"500"', '"cashInHand":NaN'),
      });
      expect(nan.status).toBe(400);
      expect(await rowCount()).toBe(before);
    });

    it("amounts up to 20 digits and 10 decimals are kept exactly", async () => {
      const created = await create(owner, {
        currency: "EUR",
        cashAmounts: { cashInHand: "99999999999999999999.9999999999", bankAccounts: [] },
        liabilityAmounts: {},
      });
      expect(created.totalAssets).toBe("100000000000000001600.00");
      expect(created.cashAmounts.cashInHand).toBe("99999999999999999999.9999999999");
    });
  });

  describe("history pages", () => {
    it.each([
      [0, { totalCount: 0, totalPages: 0 }],
      [1, { totalCount: 1, totalPages: 1 }],
      [10, { totalCount: 10, totalPages: 1 }],
      [11, { totalCount: 11, totalPages: 2 }],
    ])("%i rows", async (n, counts) => {
      const { user, path } = await workspaceWith(n);
      const first = calculationListSchema.parse(await (await user.request(path)).json());
      expect(first).toMatchObject({ ...counts, page: 1 });
      expect(first.calculations.map((c) => c.name)).toEqual(
        Array.from({ length: Math.min(n, 10) }, (_v, i) => `calc ${n - i}`),
      );
      const second = calculationListSchema.parse(
        await (await user.request(`${path}?page=2`)).json(),
      );
      expect(second).toMatchObject({ ...counts, page: 2 });
      expect(second.calculations.map((c) => c.name)).toEqual(n === 11 ? ["calc 1"] : []);
    });

    it("newest first with id breaking ties, no row twice across pages, summary fields only", async () => {
      const { user, path } = await workspaceWith(0);
      const wsId = path.split("/")[3]!;
      // 25 rows, all with the same created_at
      for (let i = 0; i < 25; i++) await create(user, { name: `same ${i}` }, path);
      await testApp.database.db
        .update(zakatCalculations)
        .set({ createdAt: new Date("2026-01-01T00:00:00Z") })
        .where(eq(zakatCalculations.workspaceId, wsId));
      const seen: string[] = [];
      for (const page of [1, 2, 3]) {
        const list = calculationListSchema.parse(
          await (await user.request(`${path}?page=${page}`)).json(),
        );
        expect(list).toMatchObject({ totalCount: 25, totalPages: 3, page });
        seen.push(...list.calculations.map((c) => c.id));
      }
      expect(new Set(seen).size).toBe(25);
      expect(seen).toEqual([...seen].sort().reverse());
      const one = calculationListSchema.parse(await (await user.request(path)).json())
        .calculations[0]!;
      expect(Object.keys(one).sort()).toEqual(
        [
          "calculationDate",
          "createdAt",
          "createdBy",
          "currency",
          "id",
          "isAboveNissab",
          "isCompleted",
          "name",
          "nissabValue",
          "totalAssets",
          "totalLiabilities",
          "updatedAt",
          "version",
          "zakatDue",
          "zakatableAmount",
        ].sort(),
      );
    });

    it("?latest=N gives the N newest (1 ≤ N ≤ 20)", async () => {
      const { user, path } = await workspaceWith(23);
      const five = calculationListSchema.parse(
        await (await user.request(`${path}?latest=5`)).json(),
      );
      expect(five.calculations.map((c) => c.name)).toEqual([
        "calc 23",
        "calc 22",
        "calc 21",
        "calc 20",
        "calc 19",
      ]);
      expect(five).toMatchObject({ totalCount: 23, totalPages: 3, page: 1 });
      const twenty = calculationListSchema.parse(
        await (await user.request(`${path}?latest=20`)).json(),
      );
      expect(twenty.calculations).toHaveLength(20);
      for (const query of [
        "latest=0",
        "latest=21",
        "latest=abc",
        "page=0",
        "page=-1",
        "page=1.5",
        "page=x",
        "page=1&latest=2",
      ]) {
        const response = await user.request(`${path}?${query}`);
        expect(response.status, query).toBe(400);
        expect((await errorOf(response)).code).toBe("VALIDATION_FAILED");
      }
    });

    it("deleting the last row of the last page leaves that page empty (the client goes back one)", async () => {
      const { user, path } = await workspaceWith(11);
      const page2 = calculationListSchema.parse(
        await (await user.request(`${path}?page=2`)).json(),
      );
      expect((await user.json("DELETE", `${path}/${page2.calculations[0]!.id}`)).status).toBe(204);
      const after = calculationListSchema.parse(
        await (await user.request(`${path}?page=2`)).json(),
      );
      expect(after).toMatchObject({ calculations: [], totalCount: 10, totalPages: 1, page: 2 });
    });
  });

  describe("the exact count (calculation_counts, kept by triggers)", () => {
    const counted = async (workspaceId: string) => {
      const rows = await testApp.database.db.execute<{ counted: number; actual: number }>(sql`
        select
          (select count from calculation_counts where workspace_id = ${workspaceId})::int as counted,
          (select count(*) from zakat_calculations where workspace_id = ${workspaceId})::int as actual`);
      return rowsOf<{ counted: number; actual: number }>(rows)[0]!;
    };

    it("follows concurrent creates, bulk inserts, deletes, and refused saves", async () => {
      const { user, path } = await workspaceWith(7);
      const wsId = path.split("/")[3]!;
      expect(await counted(wsId)).toEqual({ counted: 7, actual: 7 });
      await Promise.all([1, 2, 3, 4, 5].map((i) => create(user, { name: `c${i}` }, path)));
      expect(await counted(wsId)).toEqual({ counted: 12, actual: 12 });
      const list = calculationListSchema.parse(await (await user.request(path)).json());
      await Promise.all(
        list.calculations.slice(0, 3).map((c) => user.json("DELETE", `${path}/${c.id}`)),
      );
      expect((await user.json("POST", path, body({ id: "nope" }))).status).toBe(400);
      expect(await counted(wsId)).toEqual({ counted: 9, actual: 9 });
      expect(calculationListSchema.parse(await (await user.request(path)).json()).totalCount).toBe(
        9,
      );
      await testApp.database.db
        .delete(zakatCalculations)
        .where(eq(zakatCalculations.workspaceId, wsId));
      expect(await counted(wsId)).toEqual({ counted: 0, actual: 0 });
    });

    it("goes with its workspace", async () => {
      const { path } = await workspaceWith(3);
      const wsId = path.split("/")[3]!;
      await testApp.database.db.execute(sql`delete from workspaces where id = ${wsId}`);
      const left = await testApp.database.db.execute(
        sql`select 1 from calculation_counts where workspace_id = ${wsId}`,
      );
      expect(rowsOf(left)).toHaveLength(0);
    });
  });

  describe("CSV export", () => {
    it("exports the history newest first, escaped, with formulas defused", async () => {
      const { user, path } = await workspaceWith(0);
      const names = [
        "Plain",
        'Quote " and, comma',
        "Line\nbreak",
        '=HYPERLINK("http://evil")',
        "+1",
        "-2",
        "@SUM(A1)",
        "زكاة ١٤٤٧",
      ];
      for (const name of names) await create(user, { name, isCompleted: name !== "Plain" }, path);
      const response = await user.request(`${path}.csv`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("content-disposition")).toMatch(
        /^attachment; filename="hawl-calculations-\d{4}-\d{2}-\d{2}\.csv"$/,
      );
      expect(response.headers.get("cache-control")).toBe("no-store");
      const bytes = new Uint8Array(await response.clone().arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = (await response.text()).replace(/^\uFEFF/, "");
      const lines = text.split("\r\n");
      expect(lines[0]).toBe(
        "Name,Date,Status,Currency,Total assets,Total liabilities,Zakatable amount,Nisab value,Above nisab,Zakat due,Created at",
      );
      expect(lines.at(-1)).toBe("");
      const rows = text.slice(lines[0]!.length + 2);
      expect(rows).toContain(
        '"Quote "" and, comma",2026-03-01,Completed,EUR,14100.00,1000.00,13100.00,565.25,yes,327.50,',
      );
      expect(rows).toContain('"Line\nbreak",');
      expect(rows).toContain(`"'=HYPERLINK(""http://evil"")",`);
      expect(rows).toContain("\r\n'+1,");
      expect(rows).toContain("\r\n'-2,");
      expect(rows).toContain("\r\n'@SUM(A1),");
      expect(rows).toContain("Plain,2026-03-01,Draft,");
      // newest first: the last one created comes first
      expect(rows.startsWith("زكاة ١٤٤٧,")).toBe(true);
      expect(rows.trimEnd().endsWith(lines.at(-2)!)).toBe(true);
      expect(lines.at(-2)!.startsWith("Plain,")).toBe(true);
    });

    it("exports every row across batches of 1000", async () => {
      const { user, path } = await workspaceWith(2_345);
      const text = await (await user.request(`${path}.csv`)).text();
      const lines = text.split("\r\n").filter(Boolean);
      expect(lines).toHaveLength(1 + 2_345);
      expect(lines[1]!.startsWith("calc 2345,")).toBe(true);
      expect(lines.at(-1)!.startsWith("calc 1,")).toBe(true);
      expect(new Set(lines).size).toBe(lines.length);
    });

    it("an empty history is the header alone", async () => {
      const { user, path } = await workspaceWith(0);
      const text = await (await user.request(`${path}.csv`)).text();
      expect(text.split("\r\n")).toHaveLength(2);
    });
  });
});
