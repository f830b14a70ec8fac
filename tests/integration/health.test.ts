import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../src/server/app.ts";
import type { Database } from "../../src/server/db/client.ts";
import { parseEnv } from "../../src/server/env.ts";
import { createTestDatabase, testEngine } from "../helpers/database.ts";

describe(`health on ${testEngine()}`, () => {
  let database: Database;
  const env = parseEnv({ NODE_ENV: "test", BETTER_AUTH_SECRET: "x".repeat(32) });
  const deps = {
    env,
    logger: pino({ level: "silent" }),
    mailer: { send: async () => {}, outbox: () => null },
  };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("answers healthz and readyz", async () => {
    const app = createApp({ ...deps, database });
    for (const path of ["/healthz", "/readyz"]) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
    }
  });

  it("readyz is 503 while the database does not answer; healthz stays 200", async () => {
    const app = createApp({ ...deps, database: { ...database, ping: async () => false } });
    expect((await app.request("/healthz")).status).toBe(200);
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ ok: false });
  });
});
