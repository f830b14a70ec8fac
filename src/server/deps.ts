import type { Logger } from "pino";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { Metrics } from "./metrics/metrics.ts";

// What the app is built from (createApp in app.ts). Apart from app.ts, so that the modules the
// app mounts (auth among them) can name it without importing the app back.
export interface AppDeps {
  env: Env;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  /** the clock, injectable for tests of expiry */
  now?: () => Date;
  /**
   * what /metrics shows, shared with the jobs' mail worker (main.ts); absent with metrics on
   * (METRICS_TOKEN or METRICS_PORT), the app makes its own
   */
  metrics?: Metrics;
}
