import type { Logger } from "pino";
import type { Database } from "./db/client.ts";
import type { Env } from "./env.ts";
import type { Mailer } from "./mail/mailer.ts";

// What the app is built from (createApp in app.ts). Apart from app.ts, so that the modules the
// app mounts (auth among them) can name it without importing the app back.
export interface AppDeps {
  env: Env;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  /** the clock, injectable for tests of expiry */
  now?: () => Date;
}
