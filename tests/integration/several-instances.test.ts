import { randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { uniqueEmail } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { templateDatabaseName, withDatabase } from "../helpers/database-names.ts";
import {
  freePort,
  serverEnv,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from "../helpers/server-process.ts";
import { startSmtpServer } from "../helpers/smtp.ts";

// Issue 13: two server processes on one PostgreSQL behind one BASE_URL (as behind a load
// balancer), requests alternated between them: what one instance knows, the other does too
// (README "Running several instances"). PostgreSQL only: a PGlite data directory takes one
// process.

const engine = testEngine();

describe.skipIf(engine !== "postgres")("two server processes on one PostgreSQL", () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let tempDir: string;
  let servers: ServerProcess[] = [];
  /** the two instances' own addresses; both answer as the one public BASE_URL */
  let urls: string[] = [];
  let publicBase: string;
  let dropDatabase: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    tempDir = mkdtempSync(path.join(tmpdir(), "hawl-instances-"));
    const webDir = path.join(tempDir, "web");
    mkdirSync(webDir);
    const adminUrl = process.env.TEST_DATABASE_URL!;
    const name = `hawl_instances_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName}`);
    await admin.end();
    dropDatabase = async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // what must be shared: the database, BETTER_AUTH_SECRET and BASE_URL
    const shared = serverEnv({
      port: portA,
      smtpUrl: smtp.url,
      webDir,
      databaseUrl: withDatabase(adminUrl, name),
      dataDir: path.join(tempDir, "data"),
    });
    publicBase = shared.BASE_URL!;
    const envA = shared;
    const envB = { ...shared, PORT: String(portB), DATA_DIR: path.join(tempDir, "data-b") };
    servers = await Promise.all([startServerProcess(envA), startServerProcess(envB)]);
    urls = [`http://127.0.0.1:${portA}`, `http://127.0.0.1:${portB}`];
  }, 200_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.kill()));
    await smtp?.close();
    await dropDatabase?.();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  /** The n-th request goes to instance n % 2. */
  let turn = 0;
  function send(route: string, init: RequestInit & { cookie?: string } = {}) {
    const headers = new Headers(init.headers);
    headers.set("origin", publicBase);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.body) headers.set("content-type", "application/json");
    const url = urls[turn++ % 2]!;
    return fetch(`${url}${route}`, { ...init, headers });
  }

  it("keeps a session valid on both, a rate limit on both, idempotency and versions across them", async () => {
    const cookie = await signUpOverHttp(urls[0]!, smtp, uniqueEmail("instances"));

    // the session: signed in through A, valid on B and A alike
    const seen = [];
    for (let i = 0; i < 4; i++) {
      const me = await send("/api/me", { cookie });
      expect(me.status).toBe(200);
      seen.push(((await me.json()) as { user: { id: string } }).user.id);
    }
    expect(new Set(seen).size).toBe(1);
    const workspaces = (await (await send("/api/workspaces", { cookie })).json()) as {
      id: string;
    }[];
    const history = `/api/workspaces/${workspaces[0]!.id}/calculations`;

    // Idempotency-Key: the same key on A then B makes one calculation, B replays A's answer
    const key = randomUUID();
    const save = () =>
      send(history, {
        method: "POST",
        cookie,
        headers: { "idempotency-key": key },
        body: JSON.stringify({ ...calculateRequestExample, name: "once" }),
      });
    const first = await save();
    expect(first.status).toBe(201);
    const replay = await save();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    const created = (await first.json()) as { id: string; version: number };
    expect(((await replay.json()) as { id: string }).id).toBe(created.id);
    const listed = (await (await send(history, { cookie })).json()) as { totalCount: number };
    expect(listed.totalCount).toBe(1);

    // versions: an update at version 1 through one wins, the same through the other is 409
    const update = (name: string) =>
      send(`${history}/${created.id}`, {
        method: "PUT",
        cookie,
        body: JSON.stringify({ ...calculateRequestExample, name, version: created.version }),
      });
    expect((await update("first writer")).status).toBe(200);
    const late = await update("second writer");
    expect(late.status).toBe(409);
    expect(((await late.json()) as { error: { code: string } }).error.code).toBe(
      "VERSION_CONFLICT",
    );

    // the per-address limit of reset requests (5 a minute), spent alternately on A and B:
    // the sixth is refused by both
    for (let i = 0; i < 5; i++) {
      const asked = await send("/api/auth/request-password-reset", {
        method: "POST",
        body: JSON.stringify({ email: uniqueEmail("limit"), redirectTo: "/reset-password" }),
      });
      expect(asked.status).toBe(200);
    }
    for (let i = 0; i < 2; i++) {
      const refused = await send("/api/auth/request-password-reset", {
        method: "POST",
        body: JSON.stringify({ email: uniqueEmail("limit"), redirectTo: "/reset-password" }),
      });
      expect(refused.status).toBe(429);
    }
  });
});
