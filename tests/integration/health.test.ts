import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import type { Database } from "../../src/server/db/client.ts";
import { parseEnv } from "../../src/server/env.ts";
import { createTestDatabase, testEngine } from "../helpers/database.ts";

describe(`health on ${testEngine()}`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("answers healthz and readyz", async () => {
    const env = parseEnv({ NODE_ENV: "test", BETTER_AUTH_SECRET: "x".repeat(32) });
    const app = createApp({
      env,
      database,
      logger: pino({ level: "silent" }),
      mailer: { send: async () => {}, outbox: () => null },
    });
    expect((await app.request("/healthz")).status).toBe(200);
    expect((await app.request("/readyz")).status).toBe(200);
  });
});
