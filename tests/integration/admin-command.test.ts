import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../helpers/accounts.ts";
import { openPgliteDataDir, testEngine } from "../helpers/database.ts";
import { templateDatabaseName, withDatabase } from "../helpers/database-names.ts";
import {
  adminCommand,
  freePort,
  serverEnv,
  signUpOverHttp,
  startServerProcess,
  type ServerProcess,
} from "../helpers/server-process.ts";
import { startSmtpServer } from "../helpers/smtp.ts";

// Issue 14: `npm run admin -- set-plan|show` against a RUNNING server (a child process), on
// both engines: on PGlite through the server's admin socket in DATA_DIR (the data directory
// takes one process only), on PostgreSQL directly (decision 015). The plan it sets is the one
// the server's limits use at once: boundaries, the last slot raced, a downgrade keeping data.

const engine = testEngine();
const root = path.resolve(import.meta.dirname, "../..");

/**
 * The command as the bundle runs it (`node admin.js`, built from scripts/admin.ts with the
 * server: a fifth of the CPU of compiling it through tsx at each call); `{ tsx: true }` as
 * `npm run admin` runs it, from the source.
 */
function runAdmin(
  env: Record<string, string>,
  args: string[],
  options: { tsx?: boolean } = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const command = options.tsx ? ["--import", "tsx", "scripts/admin.ts"] : adminCommand();
  const child = spawn(process.execPath, [...command, ...args], {
    cwd: root,
    env: childEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

describe(`npm run admin against a running server, on ${engine}`, () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let tempDir: string;
  let env: Record<string, string>;
  let base: string;
  let server: ServerProcess | null = null;
  let dropDatabase: (() => Promise<void>) | null = null;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    tempDir = mkdtempSync(path.join(tmpdir(), "hawl-admin-"));
    const webDir = path.join(tempDir, "web");
    mkdirSync(webDir);
    const port = await freePort();
    if (engine === "pglite") {
      const dataDir = path.join(tempDir, "data");
      await (await openPgliteDataDir(dataDir, true)).close();
      env = serverEnv({ port, smtpUrl: smtp.url, webDir, dataDir });
    } else {
      const adminUrl = process.env.TEST_DATABASE_URL!;
      const name = `hawl_admin_${randomBytes(6).toString("hex")}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${templateDatabaseName}`);
      await admin.end();
      env = serverEnv({
        port,
        smtpUrl: smtp.url,
        webDir,
        databaseUrl: withDatabase(adminUrl, name),
        // the admin command still reads DATA_DIR (its local secret); keep it in the temp dir
        dataDir: path.join(tempDir, "data"),
      });
      dropDatabase = async () => {
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await cleanup.end();
      };
    }
    base = env.BASE_URL!;
    server = await startServerProcess(env);
  }, 200_000);

  afterAll(async () => {
    await server?.kill();
    await smtp?.close();
    await dropDatabase?.();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  });

  const createWorkspace = (cookie: string, name: string) =>
    fetch(`${base}/api/workspaces`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });

  it("sets and shows plans while the server runs; limits follow at once; a downgrade keeps data", async () => {
    const email = uniqueEmail("admin");
    const cookie = await signUpOverHttp(base, smtp, email);

    // `npm run admin` itself (tsx, the source) once; the bundle's admin.js (the same source)
    // for the rest
    const shown = await runAdmin(env, ["show", email.toUpperCase()], { tsx: true });
    expect(shown.stderr).toBe("");
    expect(shown.code).toBe(0);
    expect(shown.stdout).toMatch(/plan\s+free \(DEFAULT_PLAN/);
    expect(shown.stdout).toMatch(/workspaces\s+1 \/ 1/);

    // free: the personal workspace is the last allowed; the first refused names the limit
    const refused = await createWorkspace(cookie, "Second");
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { error: { code: string; fields: unknown } };
    expect(body.error.code).toBe("PLAN_LIMIT_REACHED");
    expect(body.error.fields).toEqual({
      limit: "workspaces",
      plan: "free",
      limitValue: "1",
      upgradeTo: "standard",
    });

    const set = await runAdmin(env, ["set-plan", email, "standard"]);
    expect(set.stderr).toBe("");
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/plan\s+standard\n/);

    // standard: 4 workspaces; 2 more one by one, then three racing for the last slot
    for (const name of ["Two", "Three"]) {
      expect((await createWorkspace(cookie, name)).status).toBe(201);
    }
    const raced = await Promise.all(
      ["Four a", "Four b", "Four c"].map((name) => createWorkspace(cookie, name)),
    );
    expect(raced.map((r) => r.status).sort()).toEqual([201, 403, 403]);
    const fifth = await createWorkspace(cookie, "Five");
    expect(fifth.status).toBe(403);
    expect(((await fifth.json()) as { error: { fields: unknown } }).error.fields).toMatchObject({
      limit: "workspaces",
      plan: "standard",
      upgradeTo: "pro",
    });

    // downgrade: the four stay listed and readable, a new one is refused
    expect((await runAdmin(env, ["set-plan", email, "free"])).code).toBe(0);
    const list = await fetch(`${base}/api/workspaces`, { headers: { cookie } });
    expect(list.status).toBe(200);
    const workspaces = (await list.json()) as { data?: unknown[] } | unknown[];
    const rows = Array.isArray(workspaces) ? workspaces : (workspaces.data ?? []);
    expect(rows).toHaveLength(4);
    expect((await createWorkspace(cookie, "Again")).status).toBe(403);
    const after = await runAdmin(env, ["show", email]);
    expect(after.stdout).toMatch(/workspaces\s+4 \/ 1/);
    expect(server!.alive()).toBe(true);
  }, 120_000);

  it("refuses an unknown account, an unknown plan and bad usage without changing anything", async () => {
    const unknown = await runAdmin(env, ["set-plan", uniqueEmail("nobody"), "pro"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/No account/);
    const email = uniqueEmail("admin2");
    await signUpOverHttp(base, smtp, email);
    const badPlan = await runAdmin(env, ["set-plan", email, "gold"]);
    expect(badPlan.code).toBe(1);
    expect(badPlan.stderr).toMatch(/Unknown plan "gold"/);
    expect((await runAdmin(env, ["show", email])).stdout).toMatch(/plan\s+free \(/);
    expect((await runAdmin(env, ["frobnicate"])).code).toBe(2);
  }, 60_000);

  it("with the server stopped (killed: a stale socket left behind) opens the database itself", async () => {
    const email = uniqueEmail("admin3");
    await signUpOverHttp(base, smtp, email);
    await server!.kill();
    server = null;
    const set = await runAdmin(env, ["set-plan", email, "pro"]);
    expect(set.stderr).toBe("");
    expect(set.code).toBe(0);
    expect(set.stdout).toMatch(/plan\s+pro\n/);
    expect(set.stdout).toMatch(/workspaces\s+1 \/ unlimited/);
    // the server starts again on the same data and sees the plan
    server = await startServerProcess(env);
    const shown = await runAdmin(env, ["show", email]);
    expect(shown.stdout).toMatch(/plan\s+pro\n/);
  }, 240_000);
});
