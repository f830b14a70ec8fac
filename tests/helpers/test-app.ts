import pino from "pino";
import { createApp, type AppOptions } from "../../src/server/app.ts";
import type { Database } from "../../src/server/db/client.ts";
import { parseEnv } from "../../src/server/env.ts";
import { createMailer } from "../../src/server/mail/create-mailer.ts";
import { createTestDatabase } from "./database.ts";
import { startSmtpServer } from "./smtp.ts";

export const testBaseUrl = "http://localhost:3000";

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * The real app on a fresh database of the running project's engine, sending its e-mail to a
 * real SMTP server. `request` calls the app in-process with an Origin that passes the check.
 * `options` reach createApp (e.g. `{ auth: { rateLimits } }`); `options.database` replaces the
 * fresh test database (it is closed by close()).
 */
export async function createTestApp(
  overrides: Record<string, string> = {},
  options: AppOptions & { database?: Database } = {},
) {
  const { database: given, ...appOptions } = options;
  const database: Database = given ?? (await createTestDatabase());
  const smtp = await startSmtpServer();
  const env = parseEnv({
    NODE_ENV: "test",
    BETTER_AUTH_SECRET: "test-secret-test-secret-test-secret-000",
    BASE_URL: testBaseUrl,
    SMTP_URL: smtp.url,
    LOG_LEVEL: "silent",
    ...overrides,
  });
  const logger = pino({ level: env.LOG_LEVEL });
  const mailer = createMailer(env, logger);
  let now: Date | null = null;
  const app = createApp(
    { env, database, mailer, logger, now: () => now ?? new Date() },
    appOptions,
  );
  return {
    app,
    env,
    database,
    smtp,
    mailer,
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
      await smtp.close();
      await database.close();
    },
  };
}

/**
 * A second app over the same database, SMTP peer and mailer with other settings (say
 * NODE_ENV=production or another WEB_DIR): cheaper than a whole new createTestApp.
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
    ...overrides,
  });
  const logger = pino({ level: env.LOG_LEVEL });
  const app = createApp(
    { env, database: testApp.database, mailer: createMailer(env, logger), logger },
    options,
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
