import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPostgres } from "../../src/server/db/client.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  findPgBin,
  startPrivatePostgres,
  type PrivatePostgres,
} from "../helpers/private-postgres.ts";
import { createTestApp, testBaseUrl, type TestApp } from "../helpers/test-app.ts";

// API.md: "503 — database unreachable (UNAVAILABLE); the process stays up". A private
// PostgreSQL cluster is stopped under the running server and started again. PostgreSQL
// project only (PGlite lives inside the process and cannot go away).

const pgBin = findPgBin();
const runs = testEngine() === "postgres";
if (runs && !pgBin) {
  console.warn(
    "database-outage.test.ts skipped: initdb/pg_ctl not found (PATH, /usr/lib/postgresql/15/bin). Install postgresql to run it.",
  );
}

describe.runIf(runs && pgBin)("when the database goes away and comes back", () => {
  let cluster: PrivatePostgres;
  let testApp: TestApp;
  let server: ServerType;
  let base: string;
  let user: SignedInUser;

  beforeAll(async () => {
    cluster = await startPrivatePostgres(pgBin!);
    const database = openPostgres(cluster.url);
    await database.migrate();
    testApp = await createTestApp({}, { database });
    server = serve({ fetch: testApp.app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    user = await signUpAndSignIn(testApp, uniqueEmail("outage"));
  }, 90_000);

  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await testApp?.close().catch(() => {});
    cluster?.destroy();
  });

  const call = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("cookie", user.cookie);
    headers.set("origin", testBaseUrl);
    return fetch(`${base}${path}`, { ...init, headers });
  };
  const createWorkspace = () =>
    call("/api/workspaces", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "During the outage" }),
    });

  async function expectUnavailable(response: Response) {
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: "UNAVAILABLE", message: expect.any(String) },
    });
    expect(response.headers.get("x-frame-options")).toBe("DENY");
  }

  it("answers 503 UNAVAILABLE while it is down, stays up, and recovers", async () => {
    expect((await call("/readyz")).status).toBe(200);
    expect((await call("/api/me")).status).toBe(200);

    cluster.stop();

    expect((await call("/healthz")).status).toBe(200);
    expect((await call("/readyz")).status).toBe(503);
    await expectUnavailable(await call("/api/me"));
    await expectUnavailable(await call("/api/workspaces"));
    await expectUnavailable(await createWorkspace());
    await expectUnavailable(await call("/api/auth/get-session"));
    // the process is still serving
    expect((await call("/healthz")).status).toBe(200);

    cluster.start();

    // ready again within seconds (readiness waits a moment after connections were cut)
    const since = Date.now();
    while ((await call("/readyz")).status !== 200) {
      expect(Date.now() - since).toBeLessThan(5_000);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const me = await call("/api/me");
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(user.email);
    expect((await call("/api/workspaces")).status).toBe(200);
    // the free plan's one workspace is the personal one: the rule answers again, not the outage
    expect((await createWorkspace()).status).toBe(403);
  });
});
