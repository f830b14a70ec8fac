import PgBoss from "pg-boss";
import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import type { Tx } from "../db/repositories/executor.ts";
import { bossDb, bossDbIn } from "./boss-db.ts";

// Background jobs (docs/decisions/020-jobs-with-pg-boss.md): pg-boss on the app's own database,
// PGlite included. Every process can send jobs; a process with workers (the default; WORKERS=0
// turns them off for API-only instances) also works them and runs the cron schedules. Jobs are
// rows: a job sent is kept through restarts, taken by one worker of one instance at a time
// (SKIP LOCKED), and retried with exponential backoff when its handler throws.

export interface RetryPolicy {
  /** retries after the first attempt */
  retryLimit: number;
  /** seconds before the first retry; each next one waits about twice as long (backoff) */
  retryDelay: number;
  /** seconds a handler may run before its attempt counts as failed */
  expireInSeconds: number;
}

export interface JobContext {
  id: string;
  /** attempts before this one */
  retryCount: number;
  retryLimit: number;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface Jobs {
  /** whether this process works jobs (WORKERS) */
  readonly workers: boolean;
  /** registers a queue, and its handler when this process has workers; before start() */
  define<T extends object>(queue: string, retry: RetryPolicy, handler: JobHandler<T>): void;
  /** runs `queue` on a cron schedule (UTC), once per slot across every instance */
  schedule(queue: string, cron: string): void;
  /** drops `queue`'s cron schedule at start, if an earlier configuration made one */
  unschedule(queue: string): void;
  /**
   * Queues a job. With `tx`, inside that open transaction: the job exists only if it commits.
   * `singletonKey`: while a job of that key waits or runs, another is not queued.
   */
  send<T extends object>(
    queue: string,
    data: T,
    options?: { tx?: Tx; singletonKey?: string },
  ): Promise<void>;
  /** asks this process's workers of `queue` to look for work now rather than at their next poll */
  wake(queue: string): void;
  start(): Promise<void>;
  /** stops taking jobs, lets running ones finish (at most `timeoutMs`), then stops */
  stop(timeoutMs?: number): Promise<void>;
}

export interface JobsOptions {
  database: Database;
  logger: Logger;
  workers: boolean;
  /** how often an idle worker looks for jobs (pg-boss' minimum: 0.5) */
  pollingIntervalSeconds?: number;
}

/**
 * pg-boss 10's createQueue() deadlocks when two instances create the same queue at once on
 * PostgreSQL (each insert waits on the other's queue row while the partition's foreign key
 * wants the queue table): several instances starting together do exactly that. Its SQL
 * function runs here under an advisory lock instead; the second instance then finds the queue
 * and does nothing. Queue names and options are ours (constants and numbers), quoted anyway.
 */
async function createQueue(database: Database, queue: string, retry: RetryPolicy): Promise<void> {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const settings = JSON.stringify({
    policy: "standard",
    retryLimit: retry.retryLimit,
    retryDelay: retry.retryDelay,
    retryBackoff: true,
    expireInSeconds: retry.expireInSeconds,
  });
  await database.executeSql(`BEGIN;
    SELECT pg_advisory_xact_lock(hashtext('hawl.pgboss.create_queue'));
    SELECT pgboss.create_queue(${quote(queue)}, ${quote(settings)}::json);
    COMMIT;`);
}

/**
 * Installs pg-boss's schema unless it is there, before pg-boss starts. pg-boss creates it under
 * an advisory lock, but an instance that waited on that lock can still fail on `CREATE SCHEMA IF
 * NOT EXISTS` with a unique violation on pg_namespace: it looked the schema up before waiting,
 * and taking an advisory lock does not refresh that lookup. Here such a loss is tried again
 * (the failed transaction refreshes it), and "already exists" means another instance
 * installed it.
 */
async function installSchema(database: Database): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await database.executeSql(PgBoss.getConstructionPlans());
      return;
    } catch (error) {
      const { message, code } = error as { message?: unknown; code?: unknown };
      if (String(message).includes("already exists")) return;
      if (code === "23505" && attempt < 5) continue;
      throw error;
    }
  }
}

/** undefined_table, invalid_schema_name: pg-boss's tables are not (or no longer) there */
function isMissingSchema(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "42P01" || code === "3F000";
}

export function createJobs(options: JobsOptions): Jobs {
  const { logger, workers } = options;
  // What stop() waits for besides pg-boss's own graceful stop, which waits only for workers
  // holding a job: a worker whose fetch was on its way when stop() began still gets its job,
  // works it and completes it afterwards, on a database the caller is about to close ("Cannot
  // use a pool after calling end on the pool"). So every statement pg-boss sends and every
  // handler running is counted, and stop() returns once none is left.
  let statementsInFlight = 0;
  let handlersRunning = 0;
  const db = bossDb(options.database);
  const boss = new PgBoss({
    db: {
      executeSql: async (text, values) => {
        statementsInFlight++;
        try {
          return await db.executeSql(text, values);
        } finally {
          statementsInFlight--;
        }
      },
    },
    // an API-only instance neither maintains (archives, expires) nor fires cron schedules
    supervise: workers,
    schedule: workers,
    // jobs carry e-mails with sign-in links: gone from the archive after a day
    archiveCompletedAfterSeconds: 60 * 60,
    deleteAfterDays: 1,
    pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
  });
  // A database restored without pg-boss's schema (or someone dropping it) must not stop mail
  // for good: a send, or a worker's fetch, that finds the schema or a queue table missing
  // installs them again (once at a time) and the send is tried once more.
  let reinstalling: Promise<void> | null = null;
  const reinstall = () =>
    (reinstalling ??= (async () => {
      try {
        await options.database.executeSql(PgBoss.getConstructionPlans()).catch((error: Error) => {
          // another instance got there first
          if (!String(error.message).includes("already exists")) throw error;
        });
        for (const [queue, { retry }] of queues) await createQueue(options.database, queue, retry);
        logger.warn("jobs: pg-boss's schema was missing and has been installed again");
      } finally {
        reinstalling = null;
      }
    })());
  // an 'error' nobody listens to would end the process: a database away is logged, not fatal
  boss.on("error", (error: Error) => {
    if (isMissingSchema(error)) void reinstall().catch(() => {});
    logger.warn(
      { err: { message: error.message, code: (error as { code?: string }).code } },
      "jobs: database error",
    );
  });

  const queues = new Map<string, { retry: RetryPolicy; handler: JobHandler<object> }>();
  const schedules = new Map<string, string>();
  const unschedules = new Set<string>();
  const workerIds = new Map<string, string[]>();
  let started = false;

  const retryOf = (queue: string): RetryPolicy => {
    const defined = queues.get(queue);
    if (!defined) throw new Error(`jobs: unknown queue ${queue}`);
    return defined.retry;
  };

  return {
    workers,
    define(queue, retry, handler) {
      if (started) throw new Error("jobs: define queues before start()");
      queues.set(queue, { retry, handler: handler as JobHandler<object> });
    },
    schedule(queue, cron) {
      if (started) throw new Error("jobs: define schedules before start()");
      schedules.set(queue, cron);
    },
    unschedule(queue) {
      if (started) throw new Error("jobs: define schedules before start()");
      unschedules.add(queue);
    },
    async send(queue, data, sendOptions = {}) {
      const retry = retryOf(queue);
      const sendOnce = () =>
        boss.send(queue, data, {
          retryLimit: retry.retryLimit,
          retryDelay: retry.retryDelay,
          retryBackoff: true,
          expireInSeconds: retry.expireInSeconds,
          ...(sendOptions.singletonKey ? { singletonKey: sendOptions.singletonKey } : {}),
          ...(sendOptions.tx ? { db: bossDbIn(sendOptions.tx) } : {}),
        });
      try {
        await sendOnce();
      } catch (error) {
        // inside a transaction the failure has aborted it: the caller's retry sends again
        if (!isMissingSchema(error)) throw error;
        await reinstall();
        if (sendOptions.tx) throw error;
        await sendOnce();
      }
    },
    wake(queue) {
      for (const id of workerIds.get(queue) ?? []) boss.notifyWorker(id);
    },
    async start() {
      started = true;
      await installSchema(options.database);
      await boss.start();
      for (const [queue, { retry }] of queues) await createQueue(options.database, queue, retry);
      if (!workers) return;
      for (const [queue, { handler }] of queues) {
        const id: string = await boss.work<object>(
          queue,
          { includeMetadata: true, batchSize: 1 },
          async ([job]) => {
            if (!job) return;
            // pg-boss waits a whole polling interval after each fetch: a worker that just got
            // a job asks for the next at once, so a queue of e-mails drains without pauses
            boss.notifyWorker(id);
            handlersRunning++;
            try {
              await handler(job.data, {
                id: job.id,
                retryCount: job.retryCount,
                retryLimit: job.retryLimit,
              });
            } finally {
              handlersRunning--;
            }
          },
        );
        workerIds.set(queue, [id]);
      }
      for (const [queue, cron] of schedules) await boss.schedule(queue, cron, {}, { tz: "UTC" });
      for (const queue of unschedules) await boss.unschedule(queue);
    },
    async stop(timeoutMs = 8_000) {
      if (!started) return;
      started = false;
      const deadline = Date.now() + timeoutMs;
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs });
      // a handler's end and pg-boss's completion of its job are a few promise steps apart, never
      // a timer apart: idle when a timer fires means idle for good (the workers have stopped)
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        if (statementsInFlight === 0 && handlersRunning === 0) return;
      }
      logger.warn("jobs: stopped with a job still running");
    },
  };
}
