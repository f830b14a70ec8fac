// `npm run bench:web` (issue 12): the pages as people meet them. Builds the production web and
// server, starts `node build/server/main.js` on a fresh PGlite data directory, and runs
// Lighthouse (mobile preset, Debian Chromium) three times per page. Prints one table of medians:
// the four category scores, LCP / TBT / CLS, and the JavaScript files and bytes as sent
// (compressed). The signed-in dashboard uses a real account (sign-up, the verification e-mail
// from a local SMTP server, sign-in). A benchmark, not a test: nothing here fails the suite.
//
//   npm run bench:web                 (RUNS=1 for a quick look; SKIP_BUILD=1 to reuse build/)
//   PAGES=/,/calculator npm run bench:web
//   SCRIPTS=1 npm run bench:web       (also lists each run's scripts with their bytes as sent)
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { linkInMail } from "../helpers/accounts.ts";
import { startSmtpServer } from "../helpers/smtp.ts";

const root = path.resolve(import.meta.dirname, "../..");
const port = Number(process.env.BENCH_PORT ?? 3190);
const base = `http://127.0.0.1:${port}`;
const runs = Number(process.env.RUNS ?? 3);
const pages = (
  process.env.PAGES ?? "/,/calculator,/fr/pricing,/nl/calculator,/embed/calculator,/dashboard"
).split(",");
const signedInPages = new Set(["/dashboard"]);

if (!process.env.SKIP_BUILD) {
  console.log("building the production web and server…");
  const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), "hawl-web-bench-"));
const smtp = await startSmtpServer();
const server: ChildProcess = spawn(process.execPath, ["build/server/main.js"], {
  cwd: root,
  stdio: ["ignore", process.env.BENCH_LOG_LEVEL ? "inherit" : "ignore", "inherit"],
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    BASE_URL: base,
    DATA_DIR: path.join(dataDir, "data"),
    BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
    SMTP_URL: smtp.url,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? "warn",
    PRICES_PROVIDER: "none",
  },
});
async function stop() {
  server.kill("SIGTERM");
  await smtp.close().catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
process.on("SIGINT", () => void stop().then(() => process.exit(130)));
// a failure anywhere below must not leave the server listening on the port
process.on("exit", () => server.kill("SIGTERM"));

for (let i = 0; ; i++) {
  // /readyz: the server answers /healthz before its database is open (decision 018)
  const up = await fetch(`${base}/readyz`).then(
    (r) => r.ok,
    () => false,
  );
  if (up) break;
  if (i > 150) throw new Error("the server did not start");
  await new Promise((r) => setTimeout(r, 200));
}

/** A verified, signed-in account: its session cookies, as the server set them. */
async function signedInCookies(): Promise<Array<{ name: string; value: string }>> {
  const email = `bench-${randomBytes(4).toString("hex")}@example.test`;
  const password = "correct horse battery staple 42";
  const post = (p: string, body: unknown) =>
    fetch(`${base}${p}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(body),
    });
  const signUp = await post("/api/auth/sign-up/email", {
    email,
    password,
    name: "Bench",
    callbackURL: "/verify-email",
  });
  if (!signUp.ok) throw new Error(`sign-up ${signUp.status} ${await signUp.text()}`);
  const mail = await smtp.waitFor(email);
  // the browser that signed up opens the link: verifying keeps its password (decision 046)
  const binding = signUp.headers
    .getSetCookie()
    .map((line) => line.split(";", 1)[0]!)
    .join("; ");
  await fetch(`${base}${linkInMail(mail, "/api/auth/verify-email")}`, {
    redirect: "manual",
    headers: { cookie: binding },
  });
  const signIn = await post("/api/auth/sign-in/email", { email, password });
  if (!signIn.ok) throw new Error(`sign-in ${signIn.status}`);
  return signIn.headers.getSetCookie().map((line) => {
    const pair = line.split(";", 1)[0]!;
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1) };
  });
}
const cookies = pages.some((p) => signedInPages.has(p)) ? await signedInCookies() : [];

interface Run {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  jsFiles: number;
  jsBytes: number;
}

/**
 * A browser of its own for each run, as the Lighthouse CLI launches one, and as a first visit
 * meets the page: a run in a browser that had shown an earlier run's page began with that page's
 * heap being collected in the same renderer, a task of ≈ 90 ms before the new page committed
 * (≈ 350 ms at Lighthouse's 4× CPU slowdown), which Lighthouse counted in the next page's Total
 * Blocking Time: 250–400 ms of the dashboard's TBT came from the page measured before it.
 *
 * The signed-in pages get the session the way a browser holds it: in its cookie jar. Lighthouse's
 * `extraHeaders` reach only the requests the page makes itself, and lose to the jar once a
 * response has set a cookie there (the re-signed session cache cookie): the session token was
 * then no longer sent, and the "dashboard" measured was the sign-in page it redirected to.
 */
async function launchChrome(signed: boolean) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  if (signed) {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    await browser
      .contexts()[0]!
      .addCookies(
        cookies.map((c) => ({ ...c, url: base, httpOnly: true, sameSite: "Lax" as const })),
      );
  }
  return chrome;
}

/**
 * One Lighthouse run; a run that came back without its performance category (seen on this
 * machine now and then, with no runtime error) is run again, at most twice.
 */
async function measure(page: string, attempt = 1): Promise<Run> {
  const chrome = await launchChrome(signedInPages.has(page));
  const result = await lighthouse(
    `${base}${page}`,
    { port: chrome.port, output: "json", logLevel: "error" },
    undefined,
  ).finally(() => chrome.kill());
  const lhr = result!.lhr;
  // LHR_DIR=dir keeps each run's whole report (Lighthouse's JSON) for a closer look
  if (process.env.LHR_DIR) {
    await mkdir(process.env.LHR_DIR, { recursive: true });
    const name = `${page.replace(/\W+/g, "_") || "_"}-${Date.now()}.json`;
    await writeFile(path.join(process.env.LHR_DIR, name), JSON.stringify(lhr));
    // and its trace, where the main thread's tasks can be read one by one
    const trace = (result!.artifacts as { Trace?: unknown }).Trace;
    if (trace)
      await writeFile(path.join(process.env.LHR_DIR, `${name}.trace`), JSON.stringify(trace));
  }
  // a page that sent the browser elsewhere (a signed-in page without its session) is not the
  // page asked for: its figures would be another page's
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed.replace(/\/$/, "") !== page.replace(/\/$/, ""))
    throw new Error(`${page}: Lighthouse measured ${landed}, not the page asked for`);
  if (lhr.categories.performance?.score == null && attempt < 3) {
    console.warn(
      `${page}: no performance score (${lhr.runtimeError?.message ?? `${Object.keys(lhr.audits).length} audits`}), measuring again`,
    );
    return measure(page, attempt + 1);
  }
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> })
      ?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script");
  if (process.env.SCRIPTS)
    for (const r of [...scripts].sort((a, b) => Number(b.transferSize) - Number(a.transferSize)))
      console.log(
        `${page}: ${String(r.transferSize).padStart(7)} ${String(r.url).replace(base, "")}`,
      );
  // what the largest paint was, and what its time was made of (load delay, render delay…)
  if (process.env.SCRIPTS) {
    const lcpItems =
      (
        lhr.audits["largest-contentful-paint-element"]?.details as {
          items?: Array<{ items?: Array<Record<string, unknown>> }>;
        }
      )?.items ?? [];
    const node = lcpItems[0]?.items?.[0]?.node as { snippet?: string } | undefined;
    const phases = (lcpItems[1]?.items ?? [])
      .map((p) => `${String(p.phase)} ${Math.round(Number(p.timing))} ms`)
      .join(", ");
    console.log(`${page}: LCP element ${node?.snippet?.slice(0, 160) ?? "?"} (${phases})`);
  }
  // what moved, when something did: the elements behind the layout shift score
  const shifts =
    (lhr.audits["layout-shifts"]?.details as { items?: Array<Record<string, unknown>> })?.items ??
    [];
  if ((audit("cumulative-layout-shift") ?? 0) > 0.01)
    for (const shift of shifts) {
      const node = shift.node as { selector?: string; snippet?: string } | undefined;
      console.warn(
        `${page}: layout shift ${Number(shift.score).toFixed(3)} ${node?.selector ?? ""} ${node?.snippet?.slice(0, 120) ?? ""}`,
      );
    }
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: audit("largest-contentful-paint"),
    tbt: audit("total-blocking-time"),
    cls: audit("cumulative-layout-shift"),
    jsFiles: scripts.length,
    jsBytes: scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

const rows: string[] = [];
try {
  for (const page of pages) {
    const results: Run[] = [];
    for (let i = 0; i < runs; i++) results.push(await measure(page));
    const m = (key: keyof Run) => median(results.map((r) => r[key]));
    rows.push(
      `| ${page}${signedInPages.has(page) ? " (signed in)" : ""} | ${m("performance")} / ${m("accessibility")} / ${m("bestPractices")} / ${m("seo")} | ` +
        `${(m("lcp") / 1000).toFixed(1)} s / ${Math.round(m("tbt"))} ms / ${m("cls").toFixed(3)} | ` +
        `${m("jsFiles")} | ${(m("jsBytes") / 1000).toFixed(0)} KB |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await stop();
}

console.log(
  `\nLighthouse ${runs}× per page, medians (mobile preset, ${process.env.CHROME_PATH ?? "/usr/bin/chromium"}):\n`,
);
console.log("| page | perf / a11y / BP / SEO | LCP / TBT / CLS | JS files | JS as sent |");
console.log("|---|---|---|---|---|");
for (const row of rows) console.log(row);
process.exit(0);
