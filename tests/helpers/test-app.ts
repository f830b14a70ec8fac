import pino from "pino";
import { createApp } from "../../src/server/app.ts";
import type { Database } from "../../src/server/db/client.ts";
import { parseEnv } from "../../src/server/env.ts";
import { createMailer } from "../../src/server/mail/create-mailer.ts";
import { createTestDatabase } from "./database.ts";
import { startSmtpServer } from "./smtp.ts";

export const testBaseUrl = "http://localhost:3000";

/**
 * The real app on a fresh database of the running project's engine, sending its e-mail to a
 * real SMTP server. `request` calls the app in-process with an Origin that passes the check.
 */
export async function createTestApp(overrides: Record<string, string> = {}) {
  const database: Database = await createTestDatabase();
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
  const app = createApp({ env, database, mailer, logger, now: () => now ?? new Date() });
  return {
    app,
    env,
    database,
    smtp,
    /** freeze or move the app's clock (null: real time) */
    setNow(date: Date | null) {
      now = date;
    },
    request(path: string, init: RequestInit = {}) {
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
