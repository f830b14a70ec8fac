import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client.ts";
import { watchDatabase } from "./database-metrics.ts";

// What GET /metrics shows (decision 062), in the Prometheus text format with prom-client. Each
// app has a registry of its own (the tests build several apps in one process, and prom-client's
// global registry would refuse the second app's metrics); the process's own metrics (CPU,
// memory, event loop, GC) are one registry per process, shown by every app of it.

export interface Metrics {
  httpRequests: Counter<"method" | "route" | "status_class">;
  httpDuration: Histogram<"method" | "route" | "status_class">;
  mailSent: Counter;
  mailFailed: Counter<"final">;
  signInFailures: Counter<"reason">;
  /** the text of every metric, the app's and the process's */
  render(): Promise<string>;
  readonly contentType: string;
}

/** What the mail worker counts (mail/mail-queue.ts). */
export type MailMetrics = Pick<Metrics, "mailSent" | "mailFailed">;

/** Whether this configuration serves metrics at all: nothing is counted otherwise. */
export function metricsEnabled(env: { METRICS_TOKEN?: string; METRICS_PORT?: number }): boolean {
  return env.METRICS_TOKEN !== undefined || env.METRICS_PORT !== undefined;
}

let processRegistry: Registry | null = null;

/** collectDefaultMetrics once per process: each call adds its own event-loop and GC observers. */
function processMetrics(): Registry {
  if (processRegistry) return processRegistry;
  processRegistry = new Registry();
  collectDefaultMetrics({ register: processRegistry });
  return processRegistry;
}

/** Seconds; a request above 10 s counts in +Inf. */
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(options: {
  database: Database;
  /** how long a scrape waits for pg-boss's counts (database-metrics.ts) */
  jobStatsTimeoutMs?: number;
}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const labelNames = ["method", "route", "status_class"] as const;
  const readJobCounts = watchDatabase(registry, options.database, {
    timeoutMs: options.jobStatsTimeoutMs ?? 1_000,
  });
  const process = processMetrics();
  return {
    httpRequests: new Counter({
      name: "hawl_http_requests_total",
      help: "HTTP requests answered, by method, route template and status class",
      labelNames,
      registers,
    }),
    httpDuration: new Histogram({
      name: "hawl_http_request_duration_seconds",
      help: "Time to the answer's headers, by method, route template and status class",
      labelNames,
      buckets: durationBuckets,
      registers,
    }),
    mailSent: new Counter({
      name: "hawl_mail_sent_total",
      help: "E-mails handed to SMTP (or the dev outbox) by this process's mail worker",
      registers,
    }),
    mailFailed: new Counter({
      name: "hawl_mail_failed_total",
      help: 'Failed e-mail attempts; final="true": the last attempt, the e-mail is given up',
      labelNames: ["final"],
      registers,
    }),
    signInFailures: new Counter({
      name: "hawl_sign_in_failures_total",
      help: 'Refused sign-ins: reason="invalid_credentials" (wrong e-mail or password) or "locked" (failure limit reached)',
      labelNames: ["reason"],
      registers,
    }),
    contentType: registry.contentType,
    render: async () => {
      await readJobCounts();
      return (await process.metrics()) + (await registry.metrics());
    },
  };
}
