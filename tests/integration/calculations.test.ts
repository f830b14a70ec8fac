import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { calculationSchema, type Calculation } from "../../src/contracts/calculations.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { workspaceMembers, zakatCalculations } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  testApp,
  owner,
  stranger,
  ws,
  base,
  useCalculationsApp,
  rowsOf,
  body,
  exampleResult,
  rowCount,
  errorOf,
  create,
} from "./calculations-support.ts";

// Saved calculations (API.md "calculations", spec §5 "Saving a calculation"): members only
// (404 for everyone else), the server's own totals, ids, versions, idempotency, pages, CSV.
// This part: access, create and read, ids, delete (the others: calculations-*.test.ts).

describe(`/api/workspaces/:ws/calculations on ${testEngine()}`, () => {
  useCalculationsApp();

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
});
