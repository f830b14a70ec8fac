import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  calculationSchema,
  calculationVersionConflictSchema,
} from "../../src/contracts/calculations.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { calculationIdempotencyKeys } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  testApp,
  owner,
  base,
  useCalculationsApp,
  body,
  rowCount,
  errorOf,
  create,
} from "./calculations-support.ts";

// Saved calculations (API.md "calculations", spec §5 "Saving a calculation"): members only
// (404 for everyone else), the server's own totals, ids, versions, idempotency, pages, CSV.
// This part: updates with a version, Idempotency-Key, bad amounts.

describe(`/api/workspaces/:ws/calculations on ${testEngine()}`, () => {
  useCalculationsApp();

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
});
