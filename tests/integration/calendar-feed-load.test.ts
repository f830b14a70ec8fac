import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createdCalendarFeedSchema } from "../../src/contracts/calendar-feeds.ts";
import { syncLimits } from "../../src/contracts/zakat.ts";
import type { SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { newTenant } from "../helpers/workspaces.ts";

// Issue 28 item 2: one account's calendar feed must not stall the server. The largest timeline
// a sync may carry (4,000 milestones), every one of them inside the feed's window, fetched ten
// times at once, while another account's GET /api/me is timed one request after the other.

const engine = testEngine();

/** today + n days, "YYYY-MM-DD" */
function fromToday(n: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + n))
    .toISOString()
    .slice(0, 10);
}

describe(`a large calendar feed under load on ${engine}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  async function largeFeed(user: SignedInUser, base: string) {
    // due dates by hand (the heaviest events: two alarms each), a year back to three years on
    const milestones = Array.from({ length: syncLimits.milestones }, (_, n) => ({
      date: fromToday(-365 + Math.floor((n * 1400) / syncLimits.milestones)),
      title: `Due ${n}`,
      type: "due",
    }));
    const synced = await user.json("POST", `${base}/zakat`, { milestones, obligations: [] });
    expect(synced.status, await synced.clone().text()).toBe(200);
    const created = await user.json("POST", `${base}/calendar-feeds`, { language: "en" });
    expect(created.status).toBe(201);
    const { url } = createdCalendarFeedSchema.parse(await created.json());
    return url.replace(/^https?:\/\/[^/]+/, "");
  }

  it("ten parallel fetches of a 4,000-milestone feed keep another account's /api/me under 1 s", async () => {
    const owner = await newTenant(testApp, "feed-load");
    const other = await newTenant(testApp, "feed-other");
    const path = await largeFeed(owner.user, owner.base);
    expect((await other.user.request("/api/me")).status).toBe(200);

    let fetching = true;
    const started = performance.now();
    const fetches = Promise.all(
      Array.from({ length: 10 }, async () => {
        const response = await testApp.app.request(path, {
          headers: { "accept-encoding": "gzip" },
        });
        const bytes = (await response.arrayBuffer()).byteLength;
        return { status: response.status, bytes, ms: performance.now() - started };
      }),
    ).finally(() => {
      fetching = false;
    });
    const waits: number[] = [];
    while (fetching) {
      const asked = performance.now();
      const me = await other.user.request("/api/me");
      expect(me.status).toBe(200);
      await me.arrayBuffer();
      waits.push(performance.now() - asked);
    }
    const answers = await fetches;
    const slowest = Math.max(...waits);
    console.log(
      `${engine}: 10 parallel fetches of a ${syncLimits.milestones}-milestone feed ` +
        `(${answers.map((a) => a.status).join(",")}; ${(answers[0]!.bytes / 1024).toFixed(0)} KiB ` +
        `each) done in ${Math.max(...answers.map((a) => a.ms)).toFixed(0)} ms; another ` +
        `account's /api/me: ${waits.length} answers, slowest ${slowest.toFixed(0)} ms`,
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(slowest).toBeLessThan(1000);
  }, 180_000);
});
