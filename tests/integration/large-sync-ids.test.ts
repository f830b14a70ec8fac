import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import {
  syncBodyLimitBytes,
  syncLimits,
  syncZakatRequestSchema,
  zakatDataSchema,
} from "../../src/contracts/zakat.ts";
import type { SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { newTenant } from "../helpers/workspaces.ts";

// Issue 28 item 3, decision 045: syncs of the largest timeline that keep their rows' ids (an
// edit of a large timeline) froze PGlite for seconds: their UPDATE joined the stored rows with
// the sent ones, and once the table had grown that join was planned as a loop over both
// (4,000 × 4,000 rows), a plan PGlite then kept for every sync (generic plans, decision 023).
// And the contract allowed 4,000 milestones while 2,500 with ids were already over the body
// limit (413): the sync route's limit is now sized from the largest body its contract allows.

const day = (n: number) => new Date(Date.UTC(2001, 0, 1 + n)).toISOString().slice(0, 10);
const timeline = (count: number) =>
  Array.from({ length: count }, (_, n) => ({ date: day(n), title: `M${n}`, type: "due" }));

/** A character of three UTF-8 bytes: the longest a JSON.stringify'd text gets per character. */
const wide = (length: number) => "€".repeat(length);

/**
 * The largest sync the contract allows, as JSON.stringify writes it: the most rows, each with
 * an id and every field at its longest (one threshold first: records need a nisab date).
 */
function largestSync() {
  const titleParams = Object.fromEntries([1, 2, 3, 4].map((k) => [wide(19) + k, 1000]));
  return {
    milestones: Array.from({ length: syncLimits.milestones }, (_, n) => ({
      id: randomUUID(),
      date: day(n),
      title: wide(200),
      type: n === 0 ? "threshold" : "due",
      completed: false,
      code: wide(40),
      parentCode: wide(40),
      endDate: day(n),
      quarterlyReminder: false,
      monthlyReminder: false,
      titleCode: "review-quarterly",
      titleParams,
    })),
    obligations: Array.from({ length: syncLimits.obligations }, (_, n) => ({
      id: randomUUID(),
      amount: `${"9".repeat(15)}.99`,
      category: wide(100),
      dueDate: day(n),
      priority: "medium",
    })),
    today: day(syncLimits.milestones),
  };
}

/** The nearest-rank percentile `p` of `values`. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

describe(`large syncs that keep their ids on ${testEngine()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  const sync = (user: SignedInUser, base: string, body: unknown) =>
    user.json("POST", `${base}/zakat`, body);

  const stored = async (user: SignedInUser, base: string) =>
    zakatDataSchema.parse(await (await user.request(`${base}/zakat`)).json()).milestones;

  it("four syncs of the largest timeline with ids leave another tenant answered within 3 s", async () => {
    const syncing = await Promise.all([1, 2, 3, 4].map((n) => newTenant(testApp, `ids-${n}`)));
    const other = await newTenant(testApp, "ids-other");
    // each timeline written twice whole (the table grows, as a used server's has): the join
    // the edit's UPDATE used to make was planned as a loop over both lists from then on
    const edits: { id: string; date: string; title: string; type: string }[][] = [];
    for (const { user, base } of syncing) {
      let response: Response | null = null;
      for (let i = 0; i < 2; i++) {
        response = await sync(user, base, {
          milestones: timeline(syncLimits.milestones),
          obligations: [],
        });
        expect(response.status).toBe(200);
      }
      const rows = zakatDataSchema.parse(await response!.json()).milestones;
      edits.push(
        rows.map((m) => ({ id: m.id, date: m.date, title: `${m.title} edited`, type: m.type })),
      );
    }

    let done = false;
    const syncs = Promise.all(
      syncing.map(({ user, base }, i) =>
        sync(user, base, { milestones: edits[i], obligations: [] }).then((r) => r.status),
      ),
    ).finally(() => (done = true));
    const ms: number[] = [];
    while (!done) {
      const started = performance.now();
      const response = await other.user.request("/api/me");
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      ms.push(performance.now() - started);
    }
    expect(await syncs).toEqual([200, 200, 200, 200]);
    for (const [i, { user, base }] of syncing.entries()) {
      const after = await stored(user, base);
      expect(after.map((m) => m.id)).toEqual(edits[i]!.map((m) => m.id));
      expect(after.every((m) => m.title.endsWith(" edited"))).toBe(true);
    }
    // the issue measured p99 9.4–13.7 s on PGlite (PostgreSQL: 49–91 ms); before decision 045
    // this test saw 9 answers in 79 s, the slowest 19 s. After it: 1.3–1.8 s at load 15–25 on
    // the 2-core machine (the edit's UPDATE of 4,000 rows is still one transaction, which every
    // other query waits for on PGlite)
    const p99 = percentile(ms, 99);
    expect(p99, `${ms.length} answers, slowest ${Math.max(...ms).toFixed(0)} ms`).toBeLessThan(
      3_000,
    );
  }, 300_000);

  it("a large edit the rules refuse leaves every row as it was", async () => {
    const { user, base } = await newTenant(testApp, "ids-refused");
    const first = await sync(user, base, {
      milestones: timeline(syncLimits.milestones),
      obligations: [],
    });
    expect(first.status).toBe(200);
    const rows = zakatDataSchema.parse(await first.json()).milestones;
    // every title changed, and two thresholds on one day at the end (spec §5): refused after the
    // rows were written in the transaction, which rolls back
    const edit = rows.map((m, n) => ({
      id: m.id,
      date: n === rows.length - 1 ? rows[n - 1]!.date : m.date,
      title: `${m.title} edited`,
      type: n >= rows.length - 2 ? "threshold" : m.type,
    }));
    const refused = await sync(user, base, { milestones: edit, obligations: [] });
    expect(refused.status).toBe(409);
    expect(errorBodySchema.parse(await refused.json()).error.code).not.toBe("INTERNAL");
    const after = await stored(user, base);
    expect(after).toEqual(rows);
  }, 120_000);

  it("the largest sync the contract allows, with ids, fits the route's body limit; a byte more is 413", async () => {
    const largest = largestSync();
    expect(syncZakatRequestSchema.safeParse(largest).error).toBeUndefined();
    const bytes = Buffer.byteLength(JSON.stringify(largest));
    expect(bytes).toBeLessThanOrEqual(syncBodyLimitBytes);
    // sized from it, not an arbitrary ceiling
    expect(syncBodyLimitBytes).toBeLessThan(bytes * 1.25);
    // 2,500 milestones of the smallest form with ids were already over the server's limit
    expect(bytes).toBeGreaterThan(testApp.env.BODY_LIMIT_BYTES);

    const { user, base } = await newTenant(testApp, "ids-largest");
    const response = await sync(user, base, largest);
    expect(response.status, await response.clone().text()).toBe(200);
    const data = zakatDataSchema.parse(await response.json());
    expect(data.milestones).toHaveLength(syncLimits.milestones);
    expect(data.obligations).toHaveLength(syncLimits.obligations);

    const over = `${JSON.stringify(largest)}${" ".repeat(syncBodyLimitBytes - bytes + 1)}`;
    const refused = await user.request(`${base}/zakat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: over,
    });
    expect(refused.status).toBe(413);
    expect(errorBodySchema.parse(await refused.json()).error.code).toBe("PAYLOAD_TOO_LARGE");
    // other routes keep the server's limit
    const elsewhere = await user.json("POST", "/api/workspaces", {
      name: "x".repeat(testApp.env.BODY_LIMIT_BYTES),
    });
    expect(elsewhere.status).toBe(413);
  }, 120_000);
});
