import pino from "pino";
import { createApp, type AppOptions } from "../../src/server/app.ts";
import type { Database } from "../../src/server/db/client.ts";
import { parseEnv } from "../../src/server/env.ts";
import { createBackground } from "../../src/server/jobs/background.ts";
import type { RetryPolicy } from "../../src/server/jobs/jobs.ts";
import { createMailer } from "../../src/server/mail/create-mailer.ts";
import { createMetrics, metricsEnabled } from "../../src/server/metrics/metrics.ts";
import { createTestDatabase } from "./database.ts";
import { startSmtpServer } from "./smtp.ts";

export const testBaseUrl = "http://localhost:3000";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real app on a fresh database of the running project's engine, sending its e-mail to a
 * real SMTP server through the jobs, as the server does (jobs/background.ts; WORKERS=0 in
 * `overrides` runs none). `request` calls the app in-process with an Origin that passes the
 * check. `options` reach createApp (e.g. `{ auth: { rateLimits } }`); `options.database`
 * replaces the fresh test database (it is closed by close()).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: AppOptions & { database?: Database } = {},
) {
  const { database: given, ...rest } = options;
  const appOptions = withoutSessionCache(rest);
  const database: Database = given ?? (await createTestDatabase());
  const smtp = await startSmtpServer();
  const env = parseEnv({
    NODE_ENV: "test",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-000",
    BASE_URL: testBaseUrl,
    SMTP_URL: smtp.url,
    LOG_LEVEL: "silent",
    // tests never reach the internet: a test of prices names its own local provider
    PRICES_PROVIDER: "none",
    ...overrides,
    // cheap argon2 (decision 036): hundreds of sign-ups; auth-passwords.test.ts checks the real
    // cost. parseEnv refuses it outside NODE_ENV=test (an app that plays production or
    // development hashes at the real cost).
    PASSWORD_HASH_COST:
      overrides.PASSWORD_HASH_COST ??
      ((overrides.NODE_ENV ?? "test") === "test" ? "test" : undefined),
  });
  const logger = pino({ level: env.LOG_LEVEL });
  let now: Date | null = null;
  const clock = () => now ?? new Date();
  // as main.ts: with METRICS_TOKEN or METRICS_PORT, the app and the mail worker count in one set
  const metrics = metricsEnabled(env) ? createMetrics({ database }) : undefined;
  const background = createBackground({
    env,
    database,
    logger,
    delivery: createMailer(env, logger),
    now: clock,
    pollingIntervalSeconds: 0.5,
    mailRetry: testMailRetry,
    metrics,
  });
  await background.start();
  const mailer = background.mailer;
  const app = createApp({ env, database, mailer, logger, now: clock, metrics }, appOptions);
  return {
    app,
    env,
    database,
    smtp,
    mailer,
    /** the jobs, the mail queue and the reminder scan of this app */
    background,
    /**
     * Resolves once every e-mail queued so far has been handed to the SMTP peer (or given
     * up): what "no e-mail was sent" waits for, now that sending is a job.
     */
    async mailSettled(timeoutMs = 10_000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await database.executeSql(
          `select count(*)::int as n from pgboss.job
           where name = 'mail' and state in ('created', 'retry', 'active')`,
        );
        if ((rows[0] as { n: number }).n === 0) return;
        if (Date.now() > deadline) throw new Error("mail still queued");
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    /** the app's clock (what setNow moves): sibling apps read it too */
    now: clock,
    /** freeze or move the app's clock (null: real time) */
    setNow(date: Date | null) {
      now = date;
    },
    async request(path: string, init: RequestInit = {}): Promise<Response> {
      const headers = new Headers(init.headers);
      if (!headers.has("origin")) headers.set("origin", testBaseUrl);
      return app.request(path, { ...init, headers });
    },
    async close() {
      await background.stop();
      await smtp.close();
      await database.close();
    },
  };
}

/** Retries within seconds, not minutes: a test stops its SMTP peer for a moment. */
export const testMailRetry: RetryPolicy = { retryLimit: 12, retryDelay: 1, expireInSeconds: 30 };

/**
 * Test apps read the session on every request unless a test asks for the cookie cache
 * (`auth.sessionCacheSeconds`): the tests of sign-out, reset and deletion check that a session
 * ends at once, which the cache delays by up to its window (decision 018;
 * tests/integration/session-cache.test.ts tests the window itself).
 */
function withoutSessionCache(options: AppOptions): AppOptions {
  return { ...options, auth: { sessionCacheSeconds: 0, ...options.auth } };
}

/**
 * A second app over the same database, SMTP peer and mailer with other settings (say
 * NODE_ENV=production or another WEB_DIR), on the first one's clock (setNow): cheaper than a
 * whole new createTestApp, and with its own in-memory state (price service, rate limits).
 */
export function createSiblingApp(
  testApp: TestApp,
  overrides: Record<string, string>,
  options: AppOptions = {},
) {
  const env = parseEnv({
    NODE_ENV: "test",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-000",
    BASE_URL: testBaseUrl,
    SMTP_URL: testApp.smtp.url,
    LOG_LEVEL: "silent",
    // tests never reach the internet: a test of prices names its own local provider
    PRICES_PROVIDER: "none",
    ...overrides,
    // cheap argon2 (decision 036): hundreds of sign-ups; auth-passwords.test.ts checks the real
    // cost. parseEnv refuses it outside NODE_ENV=test (an app that plays production or
    // development hashes at the real cost).
    PASSWORD_HASH_COST:
      overrides.PASSWORD_HASH_COST ??
      ((overrides.NODE_ENV ?? "test") === "test" ? "test" : undefined),
  });
  const logger = pino({ level: env.LOG_LEVEL });
  const app = createApp(
    {
      env,
      database: testApp.database,
      mailer: createMailer(env, logger),
      logger,
      now: testApp.now,
    },
    withoutSessionCache(options),
  );
  return {
    app,
    env,
    async request(path: string, init: RequestInit = {}): Promise<Response> {
      const headers = new Headers(init.headers);
      if (!headers.has("origin")) headers.set("origin", new URL(env.BASE_URL).origin);
      return app.request(new URL(path, env.BASE_URL), { ...init, headers });
    },
  };
}

/** Per-IP auth limits high enough for a test file that signs up many accounts. */
export const relaxedAuthLimits: AppOptions = {
  auth: {
    rateLimits: {
      default: { window: 60, max: 10_000 },
      signIn: { window: 60, max: 10_000 },
      signUp: { window: 60, max: 10_000 },
      sendVerificationEmail: { window: 60, max: 10_000 },
    },
  },
};
