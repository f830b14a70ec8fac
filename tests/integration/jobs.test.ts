import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../src/server/db/client.ts";
import { createJobs, type Jobs, type RetryPolicy } from "../../src/server/jobs/jobs.ts";
import { createTestDatabase, testEngine } from "../helpers/database.ts";

// pg-boss on the app's own database, PGlite included (decision 020): its schema (several
// statements under an advisory lock), workers, retries with backoff, a job sent inside a
// transaction, API-only instances (WORKERS=0), and a clean stop.

const logger = pino({ level: "silent" });
const quick: RetryPolicy = { retryLimit: 3, retryDelay: 1, expireInSeconds: 30 };

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function jobRows(database: Database, queue: string) {
  const result = await database.db.execute(
    sql`select id, state::text as state, retry_count as "retryCount", data
        from pgboss.job where name = ${queue} order by created_on`,
  );
  return rowsOf<{ id: string; state: string; retryCount: number; data: unknown }>(result);
}

describe(`jobs (pg-boss) on ${testEngine()}`, () => {
  let database: Database;
  const running: Jobs[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  // each test's instances stop with it: none polls on through the next tests (CPU on the one
  // database), nor reinstalls a schema another test drops
  afterEach(async () => {
    for (const jobs of running.splice(0)) await jobs.stop();
  });
  afterAll(async () => {
    await database.close();
  });

  function jobsWith(
    workers: boolean,
    handlers: Record<string, (data: { n: number }) => Promise<void>>,
  ): Jobs {
    const jobs = createJobs({ database, logger, workers, pollingIntervalSeconds: 0.5 });
    for (const [queue, handler] of Object.entries(handlers)) jobs.define(queue, quick, handler);
    running.push(jobs);
    return jobs;
  }

  it("creates its schema once, even when two instances start at the same time", async () => {
    const a = jobsWith(true, { first: async () => {} });
    const b = jobsWith(true, { first: async () => {} });
    await Promise.all([a.start(), b.start()]);
    const version = rowsOf<{ version: number }>(
      await database.db.execute(sql`select version from pgboss.version`),
    );
    expect(version).toEqual([{ version: 24 }]);
    const queues = rowsOf<{ name: string }>(
      await database.db.execute(sql`select name from pgboss.queue where name = 'first'`),
    );
    expect(queues).toHaveLength(1);
  });

  it("works each job once with two instances' workers polling the same queue", async () => {
    const seen: number[] = [];
    const handler = async (data: { n: number }) => {
      seen.push(data.n);
    };
    const a = jobsWith(true, { shared: handler });
    const b = jobsWith(true, { shared: handler });
    await Promise.all([a.start(), b.start()]);
    for (let n = 0; n < 20; n++) await (n % 2 ? a : b).send("shared", { n });
    await until(() => seen.length >= 20);
    // time for a second delivery to show, if there were one
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(seen.sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
    const rows = await jobRows(database, "shared");
    expect(rows.every((r) => r.state === "completed")).toBe(true);
  });

  it("retries a failing job with a growing delay until it succeeds", async () => {
    const attempts: number[] = [];
    const jobs = jobsWith(true, {
      flaky: async () => {
        attempts.push(Date.now());
        if (attempts.length < 3) throw new Error("not yet");
      },
    });
    await jobs.start();
    await jobs.send("flaky", { n: 1 });
    await until(() => attempts.length >= 3);
    await until(async () => (await jobRows(database, "flaky"))[0]?.state === "completed");
    const [row] = await jobRows(database, "flaky");
    expect(row!.retryCount).toBe(2);
    // backoff: 1–2 s before the first retry, 2–4 s before the second (minus a poll's slack)
    expect(attempts[1]! - attempts[0]!).toBeGreaterThanOrEqual(900);
    expect(attempts[2]! - attempts[1]!).toBeGreaterThanOrEqual(1_900);
  });

  it("keeps a job sent inside a transaction only if the transaction commits", async () => {
    const seen: number[] = [];
    const jobs = jobsWith(true, {
      transactional: async (data) => {
        seen.push(data.n);
      },
    });
    await jobs.start();
    await expect(
      database.db.transaction(async (tx) => {
        await jobs.send("transactional", { n: 1 }, { tx });
        throw new Error("roll back");
      }),
    ).rejects.toThrow("roll back");
    await database.db.transaction(async (tx) => {
      await jobs.send("transactional", { n: 2 }, { tx });
    });
    jobs.wake("transactional");
    await until(() => seen.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(seen).toEqual([2]);
    expect((await jobRows(database, "transactional")).map((r) => r.data)).toEqual([{ n: 2 }]);
  });

  it("an API-only instance (WORKERS=0) queues jobs that an instance with workers works", async () => {
    const seen: number[] = [];
    const apiOnly = jobsWith(false, {
      handoff: async () => {
        throw new Error("an API-only instance never works a job");
      },
    });
    await apiOnly.start();
    await apiOnly.send("handoff", { n: 7 });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await jobRows(database, "handoff")).map((r) => r.state)).toEqual(["created"]);

    const worker = jobsWith(true, {
      handoff: async (data) => {
        seen.push(data.n);
      },
    });
    await worker.start();
    await until(() => seen.length === 1);
    expect(seen).toEqual([7]);
  });

  it("installs its schema again when it is gone (a database restored without it)", async () => {
    const seen: number[] = [];
    const jobs = jobsWith(true, {
      phoenix: async (data) => {
        seen.push(data.n);
      },
    });
    await jobs.start();
    await database.db.execute(sql`drop schema pgboss cascade`);
    await jobs.send("phoenix", { n: 1 });
    jobs.wake("phoenix");
    await until(() => seen.length === 1);
    expect(seen).toEqual([1]);
    expect(await jobRows(database, "phoenix")).toHaveLength(1);
  });

  it("stops cleanly: a running job finishes before stop() resolves", async () => {
    let finished = false;
    let started = false;
    const jobs = jobsWith(true, {
      slow: async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        finished = true;
      },
    });
    await jobs.start();
    await jobs.send("slow", { n: 1 });
    jobs.wake("slow");
    await until(() => started);
    await jobs.stop();
    expect(finished).toBe(true);
    await until(async () => (await jobRows(database, "slow"))[0]?.state === "completed", 5_000);
    // sending still works on a stopped instance's database from another one
    const other = jobsWith(false, { slow: async () => {} });
    await other.start();
    await other.send("slow", { n: 2 });
    expect(await jobRows(database, "slow")).toHaveLength(2);
  });

  // pg-boss's graceful stop waits only for workers holding a job: one whose fetch was on its
  // way when stop() began got its job afterwards, worked it and completed it on a database the
  // caller had closed ("Cannot use a pool after calling end on the pool", seen in CI).
  it("stops cleanly: a fetch in flight when stop() begins is done with before it resolves", async () => {
    let stopped = false;
    const late: string[] = [];
    let gate: Promise<void> | null = null;
    let open = () => {};
    let fetchHeld = () => {};
    const held = new Promise<void>((resolve) => (fetchHeld = resolve));
    // the test database, with the workers' fetch (SKIP LOCKED) held at the gate once armed
    const gated: Database = {
      ...database,
      executeSql: async (text, values) => {
        if (stopped) late.push(text.trim().slice(0, 80));
        if (gate && /skip locked/i.test(text)) {
          fetchHeld();
          await gate;
        }
        return database.executeSql(text, values);
      },
    };
    const worked: number[] = [];
    const jobs = createJobs({
      database: gated,
      logger,
      workers: true,
      pollingIntervalSeconds: 0.5,
    });
    jobs.define("inflight", quick, async (data: { n: number }) => {
      worked.push(data.n);
    });
    running.push(jobs);
    await jobs.start();
    gate = new Promise<void>((resolve) => (open = resolve));
    await jobs.send("inflight", { n: 1 });
    jobs.wake("inflight");
    await held;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    // the fetch goes on once stop() has begun, and finds the job
    await new Promise((resolve) => setTimeout(resolve, 300));
    open();
    await stopping;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(late).toEqual([]);
    expect(worked).toEqual([1]);
    expect((await jobRows(database, "inflight"))[0]?.state).toBe("completed");
  });
});
