import { sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Tx } from "../db/repositories/executor.ts";
import type { Jobs, RetryPolicy } from "../jobs/jobs.ts";
import type { MailMetrics } from "../metrics/metrics.ts";
import type { MailMessage, Mailer } from "./mailer.ts";

// Every e-mail goes out through a durable job (issue 15, decision 020): `send` writes the job
// and returns; a worker hands it to the delivery mailer (SMTP, or the dev outbox), and a
// failure (SMTP down, refused) is retried with exponential backoff. So a request never waits
// on SMTP, and an SMTP server that is away delays mail and loses none.

export const mailQueue = "mail";

/**
 * About 30 s, 1 min, 2 min … then 17 h: twelve retries span 1.4 to 2.8 days. An attempt fails
 * within the transport's own timeouts (create-mailer.ts), well under the 2-minute expiry.
 */
export const mailRetry: RetryPolicy = { retryLimit: 12, retryDelay: 30, expireInSeconds: 120 };

export interface QueuedMailer extends Mailer {
  /** queues the message inside `tx`: it is sent only if that transaction commits */
  sendIn(tx: Tx, message: MailMessage): Promise<void>;
  /** after such a transaction committed: this process's worker looks at once */
  wake(): void;
}

/**
 * The app's mailer over `jobs`; `delivery` is what the worker sends with. Defines the mail
 * queue (before jobs.start()).
 */
export function queuedMailer(options: {
  jobs: Jobs;
  delivery: Mailer;
  logger: Logger;
  retry?: RetryPolicy;
  /** what /metrics counts: sent and failed attempts */
  metrics?: MailMetrics;
}): QueuedMailer {
  const { jobs, delivery, logger, metrics } = options;
  jobs.define<MailMessage>(mailQueue, options.retry ?? mailRetry, async (message, job) => {
    try {
      await delivery.send(message);
      metrics?.mailSent.inc();
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      metrics?.mailFailed.inc({ final: String(last) });
      // the address and subject only: the body carries sign-in links
      logger[last ? "error" : "warn"](
        { subject: message.subject, attempt: job.retryCount + 1, of: job.retryLimit + 1 },
        last ? "mail given up after its last attempt" : "mail not sent yet: will retry",
      );
      throw error;
    }
  });
  return {
    async send(message) {
      await jobs.send(mailQueue, message);
      jobs.wake(mailQueue);
    },
    async sendIn(tx, message) {
      await jobs.send(mailQueue, message, { tx });
    },
    wake: () => jobs.wake(mailQueue),
    outbox: () => delivery.outbox(),
  };
}

/**
 * Deletes the mail jobs addressed to `email`, waiting, retrying or archived (pg-boss 10's
 * pgboss.job and pgboss.archive): their bodies carry reset and invitation links, kept up to an
 * hour and a day. For DELETE /api/me, inside its transaction. Nothing when pg-boss's schema is
 * not installed (a database restored without it: jobs.ts installs it again on the next send).
 */
export async function purgeMailTo(tx: Tx, email: string): Promise<void> {
  const address = email.toLowerCase();
  const installed = (await tx.execute(
    sql`select to_regclass('pgboss.archive')::text as archive`,
  )) as { rows: { archive: string | null }[] };
  if (!installed.rows[0]?.archive) return;
  await tx.execute(
    sql`delete from pgboss.job where name = ${mailQueue} and lower(data->>'to') = ${address}`,
  );
  await tx.execute(
    sql`delete from pgboss.archive where name = ${mailQueue} and lower(data->>'to') = ${address}`,
  );
}
