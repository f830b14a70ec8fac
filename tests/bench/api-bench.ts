// `npm run bench:api`: HTTP throughput of the production build (issue 13). Builds the server
// bundle, then for PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
// postgres: a database of its own is created and dropped) and PGlite (a temporary DATA_DIR):
// seeds 50 verified accounts (the first with 1,000 calculations), starts `node
// build/server/main.js`, signs in over HTTP and runs autocannon on each route. A bare Hono
// "hello" on @hono/node-server in the same run is the baseline. Prints one table: req/s,
// p50/p95/p99 (ms, every response timed), errors (non-2xx and socket errors), req/s as a share
// of the baseline, and the server process's CPU time per request (all its threads, from /proc:
// steadier than req/s on a shared machine, where other jobs slow the server down without adding
// to its CPU time).
//
//   npm run bench:api                      (DURATION=10 s a route, MIX_SECONDS=60, CONNECTIONS=10)
//   ENGINES=pglite npm run bench:api        (one engine; ROUTES=me,history: only those routes;
//                                            also calculate, save, syncs, mix)
//   PROFILE=1 npm run bench:api             (CPU profiles of the servers in .tmp/profiles)
//   ROUTES=syncs npm run bench:api          (only issue 13's isolation case: four tenants sync
//                                            the largest timeline; SYNC_ROWS= a smaller one)
//   METRICS=0 npm run bench:api             (the servers without METRICS_TOKEN: no /metrics and
//                                            nothing counted, to measure what counting costs;
//                                            SCRAPE_EVERY_MS=0: no scrape during the runs)
//
// With metrics on (the default), /metrics is scraped once a second during each route's run
// and before and after it: each route's histogram count beside the requests autocannon sent
// and the answers it got (issue 31), printed as a second table.
//
// Budgets (2 cores, 10 connections): history page 1 ≥ 1,500 req/s, p99 < 50 ms on PostgreSQL,
// ≥ 800 req/s, p99 < 100 ms on PGlite; GET /api/me ≥ 3,000 req/s on PostgreSQL; the mix 300
// req/s with p99 < 100 ms and no errors, sign-ins alongside p99 < 1 s; while four tenants sync
// the largest allowed timeline, another tenant's GET /api/me p99 < 250 ms and /healthz < 50 ms.

import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, cpus, loadavg, tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { buildServer } from "../../scripts/build-server.ts";
import { calculateRequestExample, calculateRequestSchema } from "../../src/contracts/calculate.ts";
import { hashPassword } from "../../src/server/auth/password.ts";
import { openPglite, openPostgres, type Database } from "../../src/server/db/client.ts";
import { calculationValues } from "../../src/server/services/calculation-records.ts";
import { provisionNewAccount } from "../../src/server/services/provision-new-account.ts";
import { freePort } from "../helpers/server-process.ts";
import { percentile } from "./measure.ts";
import { countedRequests, scrape, scrapeEvery, type CountedRoute } from "./metrics-scrape.ts";
import { measureSyncIsolation } from "./sync-isolation-bench.ts";

const root = path.resolve(import.meta.dirname, "../..");
const duration = Number(process.env.DURATION ?? 10);
const mixSeconds = Number(process.env.MIX_SECONDS ?? 60);
const connections = Number(process.env.CONNECTIONS ?? 10);
const engines = (process.env.ENGINES ?? "postgres,pglite").split(",");
const routes = process.env.ROUTES?.split(",");
const wanted = (route: string) => !routes || routes.includes(route);
const accounts = 50;
const historyRows = 1_000;
const password = "bench-Password-0123456789";
/** the servers' METRICS_TOKEN; null with METRICS=0 (no metrics at all) */
const metricsToken = process.env.METRICS === "0" ? null : randomBytes(24).toString("hex");
/** how often /metrics is scraped during a route's run; 0: only before and after it */
const scrapeEveryMs = Number(process.env.SCRAPE_EVERY_MS ?? 1_000);

interface Row {
  route: string;
  engine: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** the server process's CPU time (all its threads) per answered request, µs (Linux) */
  cpuPerRequest?: number;
  note?: string;
}
const rows: Row[] = [];

/** A route's histogram count beside what autocannon sent and got answered. */
interface MetricsRow {
  route: string;
  engine: string;
  sent: number;
  answered: number;
  counted: number;
  scrapes: number;
  scrapeFailures: number;
  scrapeP99: number;
}
const metricsRows: MetricsRow[] = [];

// ---- the server processes ----------------------------------------------------------------

interface Running {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function waitReady(base: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${log()}`);
    try {
      // /readyz: the database open and migrated (/healthz answers before, decision 018)
      if ((await fetch(`${base}/readyz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server not ready: ${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startProcess(args: string[], env: Record<string, string>): Promise<Running> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), BASE_URL: base },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    await waitReady(base, child, () => log);
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    base,
    child,
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

const webDir = mkdtempSync(path.join(tmpdir(), "hawl-bench-web-"));
const bundleDir = path.join(root, ".tmp", `bench-server-${process.pid}`);

function startHawl(database: { DATABASE_URL?: string; DATA_DIR?: string }) {
  // PROFILE=1: each server writes a CPU profile into .tmp/profiles when it stops
  const profile = process.env.PROFILE
    ? ["--cpu-prof", `--cpu-prof-dir=${path.join(root, ".tmp/profiles")}`]
    : [];
  return startProcess([...profile, path.join(bundleDir, "main.js")], {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    WEB_DIR: webDir,
    EMBED_DIR: webDir,
    LOG_LEVEL: "warn",
    // every sign-in comes from its own X-Forwarded-For address: the per-IP limits stay on
    TRUST_PROXY: "1",
    ...(metricsToken ? { METRICS_TOKEN: metricsToken } : {}),
    ...database,
  });
}

const bareHono = `
import { Hono } from "hono";
import { serve } from "@hono/node-server";
const app = new Hono().get("/", (c) => c.text("hello")).get("/readyz", (c) => c.text("ok"));
serve({ fetch: app.fetch, port: Number(process.env.PORT), hostname: "127.0.0.1" });
`;

// ---- seeding (before the server starts: PGlite has one owner at a time) --------------------

interface Account {
  email: string;
  userId: string;
  workspaceId: string;
}

async function seed(database: Database): Promise<Account[]> {
  const { db } = database;
  const hash = await hashPassword(password);
  const seeded: Account[] = [];
  for (let i = 0; i < accounts; i++) {
    const userId = `bench-${i}-${randomBytes(4).toString("hex")}`;
    const email = `${userId}@example.test`;
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) values (${userId}, ${`Bench ${i}`}, ${email}, true)`,
    );
    await db.execute(
      sql`insert into account (id, account_id, provider_id, user_id, password) values (${`a-${userId}`}, ${userId}, 'credential', ${userId}, ${hash})`,
    );
    const { workspaceId } = await provisionNewAccount(db, { userId, fullName: `Bench ${i}` });
    seeded.push({ email, userId, workspaceId: workspaceId! });
  }
  const first = seeded[0]!;
  const v = calculationValues(
    { ...calculateRequestSchema.parse(calculateRequestExample), name: "x", isCompleted: true },
    new Date(),
  );
  const json = (value: unknown) => JSON.stringify(value);
  await db.execute(sql`
    insert into zakat_calculations (workspace_id, user_id, name, calculation_date, is_completed,
      asset_selection, liability_selection, cash_amounts, gold_silver_amounts, money_owed_amounts,
      shares_business_amounts, liability_amounts, currency, methodology, nissab_method,
      gold_price_per_gram, silver_price_per_gram, total_assets, total_liabilities,
      zakatable_amount, zakat_due, nissab_value, is_above_nissab, created_at, updated_at)
    select ${first.workspaceId}, ${first.userId}, 'Calculation ' || i, date '2020-01-01' + (i / 100),
      i % 3 <> 0, ${json(v.assetSelection)}::jsonb, ${json(v.liabilitySelection)}::jsonb,
      ${json(v.cashAmounts)}::jsonb, ${json(v.goldSilverAmounts)}::jsonb,
      ${json(v.moneyOwedAmounts)}::jsonb, ${json(v.sharesBusinessAmounts)}::jsonb,
      ${json(v.liabilityAmounts)}::jsonb, ${v.currency}, ${json(v.methodology)}::jsonb,
      ${v.nissabMethod}, ${v.goldPricePerGram}, ${v.silverPricePerGram}, ${v.totalAssets},
      ${v.totalLiabilities}, ${v.zakatableAmount}, ${v.zakatDue}, ${v.nissabValue},
      ${v.isAboveNissab}, t, t
    from generate_series(1, ${historyRows}) as i,
      lateral (select timestamptz '2020-01-01T00:00:00Z' + i * interval '1 second' as t) as at`);
  await db.execute(sql`analyze`);
  return seeded;
}

// ---- HTTP ----------------------------------------------------------------------------------

let addressCounter = 0;
/** A distinct client address per sign-in (TRUST_PROXY): the per-IP sign-in limit stays on. */
function nextAddress(): string {
  addressCounter++;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base, "x-forwarded-for": nextAddress() },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) {
    throw new Error(`sign-in ${response.status}: ${await response.text()}`);
  }
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

type Request = {
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: Record<string, unknown>) => Record<string, unknown>;
};

/**
 * CPU seconds the process has used, all threads (Linux /proc; null elsewhere). Steadier than
 * req/s on a shared machine: other jobs slow the server down without adding to its CPU time.
 */
function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // after the command name in parentheses: utime and stime are fields 14 and 15
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function cannon(
  label: string,
  engine: string,
  base: string,
  options: {
    requests: Request[];
    seconds?: number;
    overallRate?: number;
    note?: string;
    /** the server's process id: its CPU time per request is reported */
    pid?: number;
    /** the routes these requests are, as /metrics labels them (a Hawl server, metrics on) */
    counted?: CountedRoute[];
  },
): Promise<Row> {
  const counted = metricsToken ? options.counted : undefined;
  const countedBefore = counted ? countedRequests(await scrape(base, metricsToken!), counted) : 0;
  const scraper =
    counted && scrapeEveryMs > 0 ? scrapeEvery(base, metricsToken!, scrapeEveryMs) : null;
  const cpuBefore = cpuSeconds(options.pid);
  const times: number[] = [];
  const instance = autocannon({
    url: base,
    connections,
    duration: options.seconds ?? duration,
    requests: options.requests,
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
  });
  instance.on("response", (_client: unknown, _status: number, _bytes: number, ms: number) => {
    times.push(ms);
  });
  const result = await instance;
  const cpuAfter = cpuSeconds(options.pid);
  if (counted) {
    const scrapes = (await scraper?.stop()) ?? { scrapes: 0, failures: 0, p99: 0 };
    // requests autocannon dropped at its end are still being answered: counted once the count
    // stays the same for half a second (at most 15 s)
    let countedAfter = countedRequests(await scrape(base, metricsToken!), counted);
    for (let settled = false, waited = 0; !settled && waited < 15_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const now = countedRequests(await scrape(base, metricsToken!), counted);
      settled = now === countedAfter;
      countedAfter = now;
    }
    const row: MetricsRow = {
      route: label,
      engine,
      sent: result.requests.sent,
      answered: times.length,
      counted: countedAfter - countedBefore,
      scrapes: scrapes.scrapes,
      scrapeFailures: scrapes.failures,
      scrapeP99: scrapes.p99,
    };
    metricsRows.push(row);
    console.log(
      `    /metrics: ${row.counted} counted, ${row.sent} sent, ${row.answered} answered (${matchOf(row)}); ${row.scrapes} scrapes, p99 ${row.scrapeP99.toFixed(1)} ms`,
    );
  }
  times.sort((a, b) => a - b);
  const row: Row = {
    route: label,
    engine,
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.non2xx + result.errors + result.timeouts,
    ...(cpuBefore !== null && cpuAfter !== null && times.length > 0
      ? { cpuPerRequest: ((cpuAfter - cpuBefore) * 1e6) / times.length }
      : {}),
    note: options.note,
  };
  rows.push(row);
  console.log(
    `  ${label.padEnd(34)} ${Math.round(row.rps).toString().padStart(7)} req/s  p99 ${row.p99.toFixed(1)} ms  errors ${row.errors}${row.cpuPerRequest === undefined ? "" : `  server CPU ${Math.round(row.cpuPerRequest)} µs/req`}`,
  );
  return row;
}

/** Every answer counted, and nothing but what was sent (a request cut at the end may count). */
function matchOf(row: MetricsRow): string {
  if (row.counted === row.sent) return "= sent";
  if (row.counted >= row.answered && row.counted <= row.sent) return "between answered and sent";
  return "MISMATCH";
}

const calculationsRoute = "/api/workspaces/:ws/calculations";

async function benchEngine(engine: string, hawl: Running, seeded: Account[]): Promise<void> {
  console.log(`\n${engine}`);
  const { base } = hawl;
  const pid = hawl.child.pid;
  const first = seeded[0]!;
  const json = { "content-type": "application/json", origin: base };
  // a fresh session before each route: the cookie it carries is as young as a browser's
  const fresh = async () => ({ cookie: await signIn(base, first.email) });

  if (wanted("healthz"))
    await cannon("/healthz", engine, base, {
      requests: [{ path: "/healthz" }],
      pid,
      counted: [{ method: "GET", route: "/healthz" }],
    });
  if (wanted("me"))
    await cannon("GET /api/me", engine, base, {
      pid,
      counted: [{ method: "GET", route: "/api/me" }],
      requests: [{ path: "/api/me", headers: await fresh() }],
    });
  if (wanted("history"))
    await cannon("history page 1 (1,000 saved)", engine, base, {
      pid,
      counted: [{ method: "GET", route: calculationsRoute }],
      requests: [
        {
          path: `/api/workspaces/${first.workspaceId}/calculations?page=1`,
          headers: await fresh(),
        },
      ],
    });
  if (wanted("calculate"))
    await cannon("POST /api/calculate", engine, base, {
      pid,
      counted: [{ method: "POST", route: "/api/calculate" }],
      requests: [
        {
          method: "POST",
          path: "/api/calculate",
          headers: json,
          body: JSON.stringify(calculateRequestExample),
        },
      ],
    });

  if (wanted("save"))
    // a new calculation saved in the second account's workspace (the membership guard, the
    // transaction, the insert and its count trigger, the commit)
    await cannon("POST …/calculations (save)", engine, base, {
      pid,
      counted: [{ method: "POST", route: calculationsRoute }],
      requests: [
        {
          method: "POST",
          path: `/api/workspaces/${seeded[1]!.workspaceId}/calculations`,
          headers: { ...json, cookie: await signIn(base, seeded[1]!.email) },
          body: JSON.stringify({ ...calculateRequestExample, name: "Saved" }),
        },
      ],
    });

  if (wanted("syncs")) {
    // issue 13's isolation case (tests/bench/sync-isolation-bench.ts): four tenants sync the
    // largest allowed timeline, one sync after another each, while a fifth reads
    const tenants = seeded.slice(1, 6);
    const tenantCookies = await Promise.all(tenants.map((account) => signIn(base, account.email)));
    const { me, health, syncs } = await measureSyncIsolation({
      base,
      syncing: tenants
        .slice(0, 4)
        .map((account, i) => ({ cookie: tenantCookies[i]!, workspaceId: account.workspaceId })),
      readerCookie: tenantCookies[4]!,
      seconds: duration,
    });
    const measured: [string, typeof me][] = [
      ["during 4 syncs: GET /api/me", me],
      ["during 4 syncs: /healthz", health],
    ];
    for (const [route, figures] of measured) {
      rows.push({ route, engine, ...figures });
      console.log(
        `  ${route.padEnd(34)} ${Math.round(figures.rps).toString().padStart(7)} req/s  p99 ${figures.p99.toFixed(1)} ms  errors ${figures.errors}`,
      );
    }
    rows.push({
      route: "  the syncs themselves",
      engine,
      rps: syncs.count / duration,
      p50: syncs.p50,
      p95: syncs.p95,
      p99: syncs.p99,
      errors: syncs.errors,
    });
  }

  if (!wanted("mix")) return;
  // 80/20 read/write over 50 accounts, at a fixed 300 req/s, with 10 sign-ins a second
  const cookies = await Promise.all(seeded.map((account) => signIn(base, account.email)));
  const saveBody = JSON.stringify({ ...calculateRequestExample, name: "Mix" });
  let n = 0;
  const mixRequest: Request = {
    path: "/",
    setupRequest(request) {
      const i = n++;
      const who = i % accounts;
      const account = seeded[who]!;
      const headers = { ...json, cookie: cookies[who]! };
      const kind = i % 5;
      if (kind === 4) {
        return {
          ...request,
          method: "POST",
          path: `/api/workspaces/${account.workspaceId}/calculations`,
          headers,
          body: saveBody,
        };
      }
      return {
        ...request,
        method: "GET",
        path:
          kind % 2 === 0 ? `/api/workspaces/${account.workspaceId}/calculations?page=1` : "/api/me",
        headers,
      };
    },
  };
  const signInTimes: number[] = [];
  let signInErrors = 0;
  let mixing = true;
  const signIns = (async () => {
    let k = 0;
    while (mixing) {
      const tick = Date.now();
      const account = seeded[k++ % accounts]!;
      void (async () => {
        const started = performance.now();
        try {
          await signIn(base, account.email);
          signInTimes.push(performance.now() - started);
        } catch {
          signInErrors++;
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, 100 - (Date.now() - tick))));
    }
  })();
  await cannon("mix 80/20, 50 accounts, 300/s", engine, base, {
    requests: [mixRequest],
    seconds: mixSeconds,
    overallRate: 300,
    pid,
    counted: [
      { method: "GET", route: calculationsRoute },
      { method: "POST", route: calculationsRoute },
      { method: "GET", route: "/api/me" },
    ],
  });
  mixing = false;
  await signIns;
  signInTimes.sort((a, b) => a - b);
  rows.push({
    route: "  sign-ins alongside (10/s)",
    engine,
    rps: signInTimes.length / mixSeconds,
    p50: percentile(signInTimes, 50),
    p95: percentile(signInTimes, 95),
    p99: percentile(signInTimes, 99),
    errors: signInErrors,
  });
}

// ---- engines -------------------------------------------------------------------------------

async function withPostgres(run: (url: string) => Promise<void>): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `hawl_api_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    try {
      await run(target.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

async function main() {
  // its own bundle (.tmp/, two levels below the root like build/server): a web build empties
  // build/ whenever it runs
  console.log("Building the server bundle…");
  await buildServer(bundleDir);

  const hono = await startProcess(["--input-type=module", "-e", bareHono], {});
  try {
    await cannon('bare Hono "hello"', "-", hono.base, {
      requests: [{ path: "/" }],
      pid: hono.child.pid,
    });
  } finally {
    await hono.stop();
  }

  if (engines.includes("postgres")) {
    await withPostgres(async (url) => {
      const database = openPostgres(url);
      let seeded: Account[];
      try {
        await database.migrate();
        seeded = await seed(database);
      } finally {
        await database.close();
      }
      const hawl = await startHawl({ DATABASE_URL: url });
      try {
        await benchEngine("postgres", hawl, seeded);
      } finally {
        await hawl.stop();
      }
    });
  }
  if (engines.includes("pglite")) {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), "hawl-bench-")), "data");
    mkdirSync(dataDir);
    try {
      const template = new Blob([readFileSync(path.join(bundleDir, "pglite-template.tar.gz"))]);
      const database = await openPglite({ dataDir, loadDataDir: template });
      let seeded: Account[];
      try {
        await database.migrate();
        seeded = await seed(database);
      } finally {
        await database.close();
      }
      const hawl = await startHawl({ DATA_DIR: dataDir });
      try {
        await benchEngine("pglite", hawl, seeded);
      } finally {
        await hawl.stop();
      }
    } finally {
      rmSync(path.dirname(dataDir), { recursive: true, force: true });
    }
  }
  rmSync(webDir, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });

  const baseline = rows.find((row) => row.engine === "-")?.rps ?? 0;
  const cpu = cpus()[0]?.model ?? "?";
  console.log(
    `\n${availableParallelism()} cores (${cpu}), load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}, ${connections} connections, ${duration} s a route, mix ${mixSeconds} s\n`,
  );
  const header = `| route | engine | req/s | p50 ms | p95 ms | p99 ms | errors | × baseline | server CPU µs/req |`;
  console.log(header);
  console.log("|---|---|--:|--:|--:|--:|--:|--:|--:|");
  for (const row of rows) {
    const ratio = baseline ? `${((row.rps / baseline) * 100).toFixed(1)} %` : "";
    console.log(
      `| ${row.route} | ${row.engine} | ${Math.round(row.rps).toLocaleString("en")} | ${row.p50.toFixed(1)} | ${row.p95.toFixed(1)} | ${row.p99.toFixed(1)} | ${row.errors} | ${ratio} | ${row.cpuPerRequest === undefined ? "" : Math.round(row.cpuPerRequest).toLocaleString("en")} |`,
    );
  }
  if (metricsRows.length === 0) {
    console.log(`\nmetrics ${metricsToken ? "on" : "off (METRICS=0)"}`);
    return;
  }
  console.log("\n/metrics during the runs: the route histograms' counts beside autocannon's\n");
  console.log(
    "| route | engine | sent | answered | counted by /metrics | match | scrapes | failed | scrape p99 ms |",
  );
  console.log("|---|---|--:|--:|--:|---|--:|--:|--:|");
  for (const row of metricsRows) {
    console.log(
      `| ${row.route} | ${row.engine} | ${row.sent} | ${row.answered} | ${row.counted} | ${matchOf(row)} | ${row.scrapes} | ${row.scrapeFailures} | ${row.scrapeP99.toFixed(1)} |`,
    );
  }
  if (metricsRows.some((row) => matchOf(row) === "MISMATCH")) process.exitCode = 1;
}

await main();
