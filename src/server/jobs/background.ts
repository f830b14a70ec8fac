import type { Logger } from "pino";
import type { Database } from "../db/client.ts";
import { queuedMailer, type QueuedMailer } from "../mail/mail-queue.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { MailMetrics } from "../metrics/metrics.ts";
import { pruneExpiredRecords, type PruneOutcome } from "../services/prune-expired-records.ts";
import { sendDueReminders, type ReminderScanOutcome } from "../services/send-due-reminders.ts";
import { createJobs, type Jobs, type RetryPolicy } from "./jobs.ts";
import {
  backupCron,
  backupQueue,
  backupRetry,
  runScheduledBackup,
  type ScheduledBackupOutcome,
} from "./scheduled-backup.ts";

// What the server runs beside HTTP (decision 020): the jobs, the app's mailer over them, and
// the hourly reminder scan. main.ts starts it after the migrations and stops it on SIGTERM
// after the HTTP server; the tests build the same with their own clock and SMTP peer.

export const reminderScanQueue = "reminder-scan";
/** every hour at :05 UTC; each person's reminders go out from 08:00 their time */
export const reminderScanCron = "5 * * * *";

/** A scan that fails (database away) is tried again a few times; the next hour's scan anyway. */
const reminderScanRetry: RetryPolicy = { retryLimit: 3, retryDelay: 60, expireInSeconds: 15 * 60 };

export const pruneQueue = "prune-expired";
/** every day at 04:05 UTC */
export const pruneCron = "5 4 * * *";
const pruneRetry: RetryPolicy = { retryLimit: 2, retryDelay: 600, expireInSeconds: 15 * 60 };

export interface Background {
  jobs: Jobs;
  /** the app's mailer: every message is a durable job */
  mailer: QueuedMailer;
  /** the scheduled job's work, now, with the app's clock (tests, operators) */
  scanReminders(): Promise<ReminderScanOutcome>;
  /** the daily pruning of expired auth rows, now, with the app's clock */
  pruneNow(): Promise<PruneOutcome>;
  /** the daily backup's work, now; null when BACKUP_DIR is unset (no daily backup) */
  backupNow: (() => Promise<ScheduledBackupOutcome>) | null;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createBackground(options: {
  env: {
    BASE_URL: string;
    BETTER_AUTH_SECRET: string;
    WORKERS: boolean;
    DATABASE_URL?: string;
    BACKUP_DIR?: string;
    BACKUP_KEEP_DAYS?: number;
  };
  database: Database;
  logger: Logger;
  /** what the mail worker sends with: SMTP, or the dev outbox (create-mailer.ts) */
  delivery: Mailer;
  now?: () => Date;
  /** tests: a faster poll and retries */
  pollingIntervalSeconds?: number;
  mailRetry?: RetryPolicy;
  /** what /metrics counts of the mail worker */
  metrics?: MailMetrics;
}): Background {
  const { env, database, logger } = options;
  const now = options.now ?? (() => new Date());
  const jobs = createJobs({
    database,
    logger,
    workers: env.WORKERS,
    pollingIntervalSeconds: options.pollingIntervalSeconds,
  });
  const mailer = queuedMailer({
    jobs,
    delivery: options.delivery,
    logger,
    retry: options.mailRetry,
    metrics: options.metrics,
  });
  const scanReminders = () =>
    sendDueReminders({
      db: database.db,
      mailer,
      now: now(),
      baseUrl: env.BASE_URL,
      secret: env.BETTER_AUTH_SECRET,
      logger,
    });
  jobs.define(reminderScanQueue, reminderScanRetry, async () => {
    const outcome = await scanReminders();
    if (outcome.emails > 0) logger.info(outcome, "reminders queued");
  });
  jobs.schedule(reminderScanQueue, reminderScanCron);
  const pruneNow = () => pruneExpiredRecords(database.db, now());
  jobs.define(pruneQueue, pruneRetry, async () => {
    logger.info(await pruneNow(), "expired records pruned");
  });
  jobs.schedule(pruneQueue, pruneCron);
  const { BACKUP_DIR } = env;
  const backupNow = BACKUP_DIR
    ? () =>
        runScheduledBackup({
          database,
          databaseUrl: env.DATABASE_URL,
          dir: BACKUP_DIR,
          keepDays: env.BACKUP_KEEP_DAYS ?? 7,
          now: now(),
        })
    : null;
  if (backupNow) {
    jobs.define(backupQueue, backupRetry, async () => {
      const outcome = await backupNow();
      logger.info(outcome, "daily backup written");
    });
    jobs.schedule(backupQueue, backupCron);
  } else {
    // BACKUP_DIR removed since: pg-boss would still queue a job a day that nobody works
    jobs.unschedule(backupQueue);
  }
  return {
    jobs,
    mailer,
    scanReminders,
    pruneNow,
    backupNow,
    start: () => jobs.start(),
    stop: () => jobs.stop(),
  };
}
