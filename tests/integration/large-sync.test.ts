import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { syncLimits, zakatDataSchema } from "../../src/contracts/zakat.ts";
import { milestones } from "../../src/server/db/schema.ts";
import type { SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { newTenant } from "../helpers/workspaces.ts";

// Issue 13 "No request can stall the others": the largest timeline a sync may carry fits in
// the body limit, is written in a few statements, and while four tenants sync it at once
// another tenant is still answered (PGlite runs in a worker thread). One row over a list's
// maximum is 400 VALIDATION_FAILED naming the list, nothing stored. The timing budget (p99)
// is measured by tests/bench/sync-isolation-bench.ts; this test holds the behaviour.

/** 2001-01-01 + n days */
const day = (n: number) => new Date(Date.UTC(2001, 0, 1 + n)).toISOString().slice(0, 10);

/** The smallest form of a milestone: the densest body a client can send. */
const timeline = (count: number, title = "M") =>
  Array.from({ length: count }, (_, n) => ({ date: day(n), title: `${title}${n}`, type: "due" }));

describe(`large syncs on ${testEngine()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  const tenant = (prefix: string) => newTenant(testApp, prefix);

  const count = (ws: string) =>
    testApp.database.db.$count(milestones, eq(milestones.workspaceId, ws));

  const sync = (user: SignedInUser, base: string, body: unknown) =>
    user.json("POST", `${base}/zakat`, body);

  it("the largest allowed timeline fits in the body limit; one row more is refused", async () => {
    const largest = { milestones: timeline(syncLimits.milestones), obligations: [] };
    expect(Buffer.byteLength(JSON.stringify(largest))).toBeLessThan(testApp.env.BODY_LIMIT_BYTES);

    const { user, ws, base } = await tenant("sync-limit");
    const over = await sync(user, base, {
      ...largest,
      milestones: timeline(syncLimits.milestones + 1),
    });
    expect(over.status).toBe(400);
    const error = errorBodySchema.parse(await over.json()).error;
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields).toEqual({ milestones: "too_many" });
    expect(await count(ws)).toBe(0);

    const records = Array.from({ length: syncLimits.obligations + 1 }, (_, n) => ({
      amount: "1",
      category: `c${n}`,
      dueDate: day(n),
    }));
    const overRecords = await sync(user, base, { milestones: [], obligations: records });
    expect(overRecords.status).toBe(400);
    expect(errorBodySchema.parse(await overRecords.json()).error.fields).toEqual({
      obligations: "too_many",
    });
  });

  it("syncs, re-titles and trims the largest timeline in one transaction each", async () => {
    const { user, ws, base } = await tenant("sync-batch");
    const first = await sync(user, base, {
      milestones: timeline(syncLimits.milestones),
      obligations: [],
    });
    expect(first.status, await first.clone().text()).toBe(200);
    const stored = zakatDataSchema.parse(await first.json()).milestones;
    expect(stored).toHaveLength(syncLimits.milestones);
    expect(await count(ws)).toBe(syncLimits.milestones);

    // every row re-titled (the batched update), the first half dropped (the batched delete)
    const kept = stored.slice(stored.length / 2).map((m) => ({
      id: m.id,
      date: m.date,
      title: `${m.title} again`,
      type: m.type,
    }));
    const second = await sync(user, base, { milestones: kept, obligations: [] });
    expect(second.status, await second.clone().text()).toBe(200);
    const after = zakatDataSchema.parse(await second.json()).milestones;
    expect(after.map((m) => m.id)).toEqual(kept.map((m) => m.id));
    expect(after.every((m) => m.title.endsWith(" again"))).toBe(true);
    expect(await count(ws)).toBe(kept.length);
  });

  it("a refused batch still names its operation, and nothing is written", async () => {
    const { user, ws, base } = await tenant("sync-operation");
    // one threshold per day (a unique index): the third row breaks the multi-row insert, and
    // the row-by-row replay names it
    const response = await sync(user, base, {
      milestones: [
        { date: day(0), title: "a", type: "due" },
        { date: day(1), title: "b", type: "threshold" },
        { date: day(1), title: "c", type: "threshold" },
      ],
      obligations: [],
    });
    expect(response.status).toBe(409);
    const error = errorBodySchema.parse(await response.json()).error;
    expect(error.code).toBe("MILESTONE_SYNC_FAILED");
    expect(error.message).toBe("Milestone sync failed at operation 3");
    expect(await count(ws)).toBe(0);
  });

  it("four tenants syncing the largest timeline at once leave another tenant answered", async () => {
    const syncing = await Promise.all([1, 2, 3, 4].map((n) => tenant(`sync-busy-${n}`)));
    const other = await tenant("sync-other");
    const body = { milestones: timeline(syncLimits.milestones), obligations: [] };

    let done = false;
    const syncs = Promise.all(
      syncing.map(({ user, base }) => sync(user, base, body).then((r) => r.status)),
    ).finally(() => (done = true));

    // while the syncs run: /healthz and the other tenant's /api/me, one after the other
    const answered: { route: string; status: number; ms: number }[] = [];
    while (!done) {
      for (const route of ["/healthz", "/api/me"]) {
        const started = performance.now();
        const response =
          route === "/healthz" ? await testApp.request(route) : await other.user.request(route);
        answered.push({ route, status: response.status, ms: performance.now() - started });
      }
    }
    expect(await syncs).toEqual([200, 200, 200, 200]);
    for (const { ws } of syncing) expect(await count(ws)).toBe(syncLimits.milestones);

    expect(answered.every((a) => a.status === 200)).toBe(true);
    expect(answered.some((a) => a.route === "/api/me")).toBe(true);
    // generous: the issue saw every request frozen for 19.5 s; the bench holds the real budget
    const slowest = Math.max(...answered.map((a) => a.ms));
    expect(slowest, JSON.stringify(answered.slice(0, 20))).toBeLessThan(3_000);
  });
});
