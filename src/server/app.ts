import { Hono } from "hono";
import type { Logger } from "pino";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Mailer } from "./mail/mailer.ts";

export interface AppDeps {
  env: Env;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  /** the clock, injectable for tests of expiry */
  now?: () => Date;
}

export type AppEnv = { Variables: { requestId: string; userId?: string } };

/**
 * Builds the whole HTTP app. Order matters: security headers and logging wrap everything,
 * body rules guard /api, Better Auth owns /api/auth/*, then our resources, then the web.
 */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/healthz", (c) => c.json({ ok: true }));
  app.get("/readyz", async (c) =>
    (await deps.database.ping()) ? c.json({ ok: true }) : c.json({ ok: false }, 503),
  );
  return app;
}
