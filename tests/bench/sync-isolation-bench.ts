// Issue 13 "No request can stall the others": while four tenants sync the largest allowed
// timeline (syncLimits.milestones, the smallest form of each row) over and over, autocannon
// measures another tenant's GET /api/me and /healthz on the production server (NODE_ENV=
// production, a bundle built for the run; BENCH_SERVER=tsx: the sources through tsx). Prints
// req/s and p50/p95/p99 against the budget: /api/me p99 < 250 ms, /healthz p99 < 50 ms, on
// PGlite (a temporary DATA_DIR) and PostgreSQL (BENCH_DATABASE_URL: a database of its own is
// created and dropped).
//
//   npx tsx tests/bench/sync-isolation-bench.ts        (DURATION=20 s, ENGINES=pglite,postgres)
//   BENCH_ROOT=/path/to/other/checkout …               (measure another checkout's server)
//   SYNC_IDS=1 …   (an edit of a large timeline: each tenant's timeline synced twice without
//                   ids, then every sync sends it back with its ids, every title changed)
//
// `npm run bench:api` runs the same measurement (measureSyncIsolation) against its own server
// and puts it in its table; `ROUTES=syncs npm run bench:api` runs only that case.

import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildServer } from "../../scripts/build-server.ts";
import { syncLimits } from "../../src/contracts/zakat.ts";
import { hashPassword } from "../../src/server/auth/password.ts";
import { openPglite, openPostgres, type Database } from "../../src/server/db/client.ts";
import { provisionNewAccount } from "../../src/server/services/provision-new-account.ts";
import { freePort } from "../helpers/server-process.ts";
import { percentile } from "./measure.ts";
import { timelineEdits } from "./timeline.ts";

const root = path.resolve(process.env.BENCH_ROOT ?? path.join(import.meta.dirname, "../.."));
const duration = Number(process.env.DURATION ?? 20);
const engines = (process.env.ENGINES ?? "pglite,postgres").split(",");
const password = "bench-Password-0123456789";
const budgets = { "/api/me": 250, "/healthz": 50 } as const;

const day = (n: number) => new Date(Date.UTC(2001, 0, 1 + n)).toISOString().slice(0, 10);
/** SYNC_ROWS: a smaller timeline than the largest allowed, to see how the figures scale */
const syncRows = Number(process.env.SYNC_ROWS ?? syncLimits.milestones);
const largest = JSON.stringify({
  milestones: Array.from({ length: syncRows }, (_, n) => ({
    date: day(n),
    title: `M${n}`,
    type: "due",
  })),
  obligations: [],
});

/** SYNC_IDS=1: the syncs keep their rows' ids (an edit), not replace the timeline whole */
const withIds = process.env.SYNC_IDS === "1";

/**
 * The bodies a tenant syncs in turn: the largest timeline without ids; with SYNC_IDS, that
 * timeline synced whole twice first (not measured: the table grows as a used server's has, and
 * the edits' statements are first planned then, decision 045), then sent back with its ids,
 * each sync changing every title (two bodies in turns), so that every row is updated.
 */
async function syncBodies(base: string, cookie: string, workspaceId: string): Promise<string[]> {
  if (!withIds) return [largest];
  let response: Response | null = null;
  for (let i = 0; i < 2; i++) {
    response = await fetch(`${base}/api/workspaces/${workspaceId}/zakat`, {
      method: "POST",
      headers: { cookie, origin: base, "content-type": "application/json" },
      body: largest,
    });
    if (response.status !== 200) throw new Error(`first syncs ${response.status}`);
    if (i === 0) await response.arrayBuffer();
  }
  const stored = ((await response!.json()) as { milestones: { id: string; date: string }[] })
    .milestones;
  return timelineEdits(stored).map((edit) => JSON.stringify(edit));
}

interface Account {
  email: string;
  workspaceId: string;
}

/** Five verified accounts: four that sync, one that reads. Before the server starts. */
async function seed(database: Database): Promise<Account[]> {
  const hash = await hashPassword(password);
  const accounts: Account[] = [];
  for (let i = 0; i < 5; i++) {
    const userId = `iso-${i}-${randomBytes(4).toString("hex")}`;
    const email = `${userId}@example.test`;
    await database.db.execute(
      sql`insert into "user" (id, name, email, email_verified) values (${userId}, ${`Iso ${i}`}, ${email}, true)`,
    );
    await database.db.execute(
      sql`insert into account (id, account_id, provider_id, user_id, password) values (${`a-${userId}`}, ${userId}, 'credential', ${userId}, ${hash})`,
    );
    const { workspaceId } = await provisionNewAccount(database.db, {
      userId,
      fullName: `Iso ${i}`,
    });
    accounts.push({ email, workspaceId: workspaceId! });
  }
  return accounts;
}

async function startServer(database: Record<string, string>) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const args = bundleDir
    ? [path.join(bundleDir, "main.js")]
    : ["--import", "tsx", "src/server/main.ts"];
  const webDir = mkdtempSync(path.join(tmpdir(), "hawl-iso-web-"));
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      BASE_URL: base,
      BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
      WEB_DIR: webDir,
      EMBED_DIR: webDir,
      LOG_LEVEL: "warn",
      TRUST_PROXY: "1",
      ...database,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (c: Buffer) => (log = (log + c.toString()).slice(-10_000)));
  child.stderr!.on("data", (c: Buffer) => (log = (log + c.toString()).slice(-10_000)));
  // BENCH_SERVER_LOG=file: the server's stderr kept whole (tracing)
  if (process.env.BENCH_SERVER_LOG) {
    child.stderr!.pipe(createWriteStream(process.env.BENCH_SERVER_LOG, { flags: "a" }));
  }
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log}`);
    // /readyz: the server answers /healthz before its database is open (decision 018)
    const up = await fetch(`${base}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (up) break;
    if (Date.now() > deadline) throw new Error(`server not ready: ${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    base,
    async stop() {
      child.kill("SIGTERM");
      await exited;
      rmSync(webDir, { recursive: true, force: true });
    },
  };
}

let address = 0;
async function signIn(base: string, email: string): Promise<string> {
  address++;
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base,
      "x-forwarded-for": `10.9.0.${address}`,
    },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in ${response.status}: ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

interface CannonResult {
  requests: { average: number };
  errors: number;
  non2xx: number;
}
interface CannonInstance {
  on(
    event: "response",
    listener: (client: unknown, status: number, bytes: number, ms: number) => void,
  ): void;
}
type Cannon = (
  options: Record<string, unknown>,
  done: (error: Error | null, result: CannonResult) => void,
) => CannonInstance;
// autocannon ships no types: the part used here
const autocannon = ((await import("autocannon" as string)) as { default: Cannon }).default;

export interface Figures {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

/** autocannon on one route; every response's latency kept (its histogram rounds). */
function cannon(
  base: string,
  route: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Figures> {
  const latencies: number[] = [];
  let errors = 0;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url: `${base}${route}`, connections: 5, duration: seconds, headers },
      (error, result) => {
        if (error) return reject(error);
        latencies.sort((a, b) => a - b);
        // no answer at all within the run (the event loop frozen): Infinity, not a figure
        const at = (p: number) => (latencies.length ? percentile(latencies, p) : Infinity);
        resolve({
          rps: result.requests.average,
          p50: at(50),
          p95: at(95),
          p99: at(99),
          errors: errors + result.errors + result.non2xx,
        });
      },
    );
    instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
      latencies.push(ms);
      if (status >= 400) errors++;
    });
  });
}

export interface SyncIsolation {
  me: Figures;
  health: Figures;
  syncs: { count: number; p50: number; p95: number; p99: number; errors: number };
}

/**
 * While each `syncing` tenant syncs the largest allowed timeline, one sync after another,
 * autocannon measures `reader`'s GET /api/me and /healthz (5 connections each) for `seconds`.
 */
export async function measureSyncIsolation(options: {
  base: string;
  syncing: { cookie: string; workspaceId: string }[];
  readerCookie: string;
  seconds: number;
}): Promise<SyncIsolation> {
  const { base } = options;
  const headers = (cookie: string) => ({ cookie, origin: base });
  let running = true;
  const syncMs: number[] = [];
  let syncErrors = 0;
  const bodies = await Promise.all(
    options.syncing.map(({ cookie, workspaceId }) => syncBodies(base, cookie, workspaceId)),
  );
  const syncers = options.syncing.map(async ({ cookie, workspaceId }, tenant) => {
    for (let turn = 0; running; turn++) {
      const started = performance.now();
      const response = await fetch(`${base}/api/workspaces/${workspaceId}/zakat`, {
        method: "POST",
        headers: { ...headers(cookie), "content-type": "application/json" },
        body: bodies[tenant]![turn % bodies[tenant]!.length],
      });
      await response.arrayBuffer();
      if (response.status !== 200) syncErrors++;
      syncMs.push(performance.now() - started);
    }
  });
  // let the syncs get going before measuring
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const [me, health] = await Promise.all([
    cannon(base, "/api/me", headers(options.readerCookie), options.seconds),
    cannon(base, "/healthz", {}, options.seconds),
  ]);
  running = false;
  await Promise.all(syncers);
  syncMs.sort((a, b) => a - b);
  const count = syncMs.length;
  if (count === 0) syncMs.push(Infinity);
  return {
    me,
    health,
    syncs: {
      count,
      p50: percentile(syncMs, 50),
      p95: percentile(syncMs, 95),
      p99: percentile(syncMs, 99),
      errors: syncErrors,
    },
  };
}

async function benchEngine(engine: string, database: Record<string, string>, seeded: Account[]) {
  const server = await startServer(database);
  try {
    const cookies = await Promise.all(seeded.map((a) => signIn(server.base, a.email)));
    const { me, health, syncs } = await measureSyncIsolation({
      base: server.base,
      syncing: seeded
        .slice(0, 4)
        .map((a, i) => ({ cookie: cookies[i]!, workspaceId: a.workspaceId })),
      readerCookie: cookies[4]!,
      seconds: duration,
    });
    const line = (route: keyof typeof budgets, f: Figures) =>
      `${engine.padEnd(9)} ${route.padEnd(9)} ${f.rps.toFixed(0).padStart(6)} req/s  p50 ${f.p50.toFixed(1).padStart(6)}  p95 ${f.p95.toFixed(1).padStart(6)}  p99 ${f.p99.toFixed(1).padStart(7)} ms  errors ${f.errors}  budget p99 < ${budgets[route]} ms: ${f.p99 < budgets[route] ? "met" : "MISSED"}`;
    console.log(line("/api/me", me));
    console.log(line("/healthz", health));
    console.log(
      `${engine.padEnd(9)} syncs     ${syncs.count} of ${syncRows} milestones${withIds ? " with ids" : ""}, p50 ${syncs.p50.toFixed(0)} ms, p99 ${syncs.p99.toFixed(0)} ms, errors ${syncs.errors}`,
    );
  } finally {
    await server.stop();
  }
}

/**
 * The production path: a bundle of this checkout's server built for this run (.tmp/iso-bench,
 * two levels below the root like build/server, which a web build empties). BENCH_SERVER=tsx
 * (or BENCH_ROOT):
 * the sources through tsx, still NODE_ENV=production.
 */
let bundleDir: string | null = null;

async function main() {
  if (process.env.BENCH_SERVER !== "tsx" && !process.env.BENCH_ROOT) {
    bundleDir = path.join(root, ".tmp/iso-bench");
    await buildServer(bundleDir);
  }
  console.log(
    `sync isolation: ${cpus().length} × ${cpus()[0]?.model ?? "?"}, ${duration} s, 5+5 connections, server in ${root}`,
  );
  if (engines.includes("pglite")) {
    const dataDir = mkdtempSync(path.join(tmpdir(), "hawl-iso-data-"));
    try {
      const database = await openPglite({ dataDir });
      await database.migrate();
      const seeded = await seed(database);
      await database.close();
      await benchEngine("pglite", { DATA_DIR: dataDir }, seeded);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (engines.includes("postgres")) {
    const adminUrl =
      process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
    const name = `hawl_iso_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    try {
      const database = openPostgres(url.toString());
      await database.migrate();
      const seeded = await seed(database);
      await database.close();
      await benchEngine("postgres", { DATABASE_URL: url.toString() }, seeded);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }
}

// run, unless imported (api-bench.ts uses measureSyncIsolation)
if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await main();
