import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { newTenant, setPlan } from "../helpers/workspaces.ts";
import { percentile as sortedPercentile } from "../bench/measure.ts";

// Issue 33: statements are drawn on the render thread, so ten at once leave the HTTP thread
// free for everyone else: another person's tracker reads keep a p99 under 250 ms meanwhile.
// Twice: ten asks for one statement (drawn once, decision 069's cache), and ten different
// statements (ten calculations of the year, each picked with ?calculation=), all drawn.
// Prints the figures (one statement alone, ten at once, the other person's latencies). A
// measurement: it runs on request (STATEMENT_LOAD=1), alone on the machine, not beside the
// other integration files, whose load would be what it measures.

const engine = testEngine();
const percentile = (values: number[], p: number) =>
  sortedPercentile(
    [...values].sort((a, b) => a - b),
    p,
  );

describe.skipIf(!process.env.STATEMENT_LOAD)(
  `ten statements at once on ${engine}`,
  { timeout: 180_000 },
  () => {
    let testApp: TestApp;
    let owner: SignedInUser;
    let other: { user: SignedInUser; base: string };
    let pdf: string;
    const picked: string[] = [];

    beforeAll(async () => {
      testApp = await createTestApp({}, relaxedAuthLimits);
      const tenant = await newTenant(testApp, "load");
      owner = tenant.user;
      await setPlan(testApp, owner.id, "standard");
      const post = async (path: string, body: unknown) => {
        const response = await owner.json("POST", `${tenant.base}${path}`, body);
        expect(response.status, await response.clone().text()).toBe(201);
      };
      await post("/milestones", {
        date: "2024-03-11",
        type: "threshold",
        title: "Reached nisab",
        reminders: { quarterly: true, monthly: true },
      });
      await post("/calculations", {
        name: "Year 1446",
        isCompleted: true,
        asOf: "2025-02-27",
        currency: "EUR",
        prices: { goldPerGram: "80.5", silverPerGram: "0.95" },
        rates: { USD: "0.90", GBP: "1.15" },
        cashAmounts: {
          cashInHand: { amount: "1000", currency: "USD" },
          bankAccounts: [{ id: "b1", label: "savings", amount: "500" }],
        },
        sharesBusinessAmounts: { shares: { amount: "200", currency: "GBP" } },
        liabilityAmounts: { creditCard: "100" },
      });
      // ten more completed calculations of the year, each a statement of its own
      for (let day = 1; day <= 10; day++) {
        const response = await owner.json("POST", `${tenant.base}/calculations`, {
          name: `Count ${day}`,
          isCompleted: true,
          asOf: `2025-02-${String(day).padStart(2, "0")}`,
          currency: "EUR",
          prices: { goldPerGram: "80.5", silverPerGram: "0.95" },
          rates: { USD: "0.90" },
          cashAmounts: { cashInHand: { amount: String(1000 + day), currency: "USD" } },
        });
        expect(response.status).toBe(201);
        picked.push(((await response.json()) as { id: string }).id);
      }
      pdf = `${tenant.base}/statements/2025-03-01.pdf`;
      other = await newTenant(testApp, "other");
      await other.user.json("POST", `${other.base}/milestones`, {
        date: "2024-03-11",
        type: "threshold",
        title: "Reached nisab",
      });
    });
    afterAll(() => testApp.close());

    const timed = async (call: () => Promise<Response>) => {
      const started = performance.now();
      const response = await call();
      await response.arrayBuffer();
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    const otherRead = () => timed(() => other.user.request(`${other.base}/zakat`));

    it("keeps another person's p99 under 250 ms", async () => {
      await timed(() => owner.request(pdf)); // starts the render thread
      // drawn (two languages not asked for yet), then asked again (the cache)
      const alone: number[] = [];
      for (const lang of ["fr", "nl"])
        alone.push(await timed(() => owner.request(`${pdf}?lang=${lang}`)));
      const again: number[] = [];
      for (let i = 0; i < 5; i++) again.push(await timed(() => owner.request(pdf)));
      const quiet: number[] = [];
      for (let i = 0; i < 100; i++) quiet.push(await otherRead());

      const ms = (v: number) => Math.round(v);
      const under = async (label: string, paths: string[]) => {
        const busy: number[] = [];
        let rendering = true;
        const reader = (async () => {
          while (rendering) busy.push(await otherRead());
        })();
        const started = performance.now();
        // rounds of the ten until the other person has made 20 reads (drawn ones are seconds;
        // cached ones can be over before 20 reads): the second round of different ones is cached
        const ten: number[] = [];
        let rounds = 0;
        while (rounds === 0 || (busy.length < 20 && rounds < 5)) {
          rounds++;
          ten.push(...(await Promise.all(paths.map((path) => timed(() => owner.request(path))))));
        }
        const tenWall = (performance.now() - started) / rounds;
        rendering = false;
        await reader;
        console.log(
          `[statement-load ${engine}] ${label} (${rounds} round(s)): ${ms(tenWall)} ms wall a ` +
            `round, slowest ` +
            `${ms(Math.max(...ten))} ms; another person's GET …/zakat meanwhile (${busy.length} ` +
            `reads) p50 ${ms(percentile(busy, 50))} / p99 ${ms(percentile(busy, 99))} ms; ` +
            `load average ${loadavg()
              .map((l) => l.toFixed(2))
              .join(" ")}`,
        );
        expect(busy.length).toBeGreaterThanOrEqual(5);
        expect(percentile(busy, 99)).toBeLessThan(250);
      };

      console.log(
        `[statement-load ${engine}] one statement: drawn ${alone.map(ms).join("/")} ms, asked ` +
          `again p50 ${ms(percentile(again, 50))} ms; ` +
          `another person's GET …/zakat alone p50 ${ms(percentile(quiet, 50))} / p99 ` +
          `${ms(percentile(quiet, 99))} ms`,
      );
      await under(
        "ten asks for one statement",
        Array.from({ length: 10 }, () => pdf),
      );
      await under(
        "ten different statements",
        picked.map((id) => `${pdf}?calculation=${id}`),
      );
    });
  },
);
