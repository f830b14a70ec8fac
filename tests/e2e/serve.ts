// The e2e stack, started by Playwright's webServer: a real SMTP server, a JSON view of what it
// received, and the real Hawl server in production mode on a fresh database.
//
//   GET  http://127.0.0.1:<mail port>/messages[?to=address]  → [{from, to, subject, text, html, links, raw}]
//   GET  http://127.0.0.1:<mail port>/healthz                 → {ok: true}
//
// PGlite in a temp dir by default; E2E_DATABASE_URL=postgres://… runs on a fresh database created
// on that server (dropped at exit).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { withDatabase } from "../helpers/database-names.ts";
import { startSmtpServer } from "../helpers/smtp.ts";
import { startStripeStandIn, stripeTestEnv } from "../helpers/stripe-stand-in.ts";
import { decodeMail } from "./support/mime.ts";
import { appPort, baseURL, mailPort } from "./support/ports.ts";

const root = path.resolve(import.meta.dirname, "../..");
const log = (line: string) => process.stderr.write(`[e2e serve] ${line}\n`);

const tempDir = mkdtempSync(path.join(tmpdir(), "hawl-e2e-"));
const smtp = await startSmtpServer();
// Online payment against a local stand-in for Stripe's API: its "paid" Checkout page delivers
// signed webhooks to the server and returns to success_url (billing.spec.ts).
const stripeStandIn = await startStripeStandIn({ webhookUrl: `${baseURL}/api/billing/webhook` });

const mailApi = createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  if (req.method === "GET" && url.pathname === "/healthz") {
    res.writeHead(200, { "content-type": "application/json" }).end('{"ok":true}');
    return;
  }
  if (req.method === "GET" && url.pathname === "/messages") {
    const to = url.searchParams.get("to")?.toLowerCase();
    const list = smtp.messages
      .filter((m) => !to || m.to.includes(to))
      .map((m) => ({ from: m.from, to: m.to, ...decodeMail(m.raw), raw: m.raw }));
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(list));
    return;
  }
  res.writeHead(404).end();
});
await new Promise<void>((resolve, reject) => {
  mailApi.once("error", reject);
  mailApi.listen(mailPort, "127.0.0.1", resolve);
});

// A fresh PostgreSQL database per run when asked for one; PGlite in the temp dir otherwise.
let postgresDatabase: { adminUrl: string; name: string } | null = null;
let databaseUrl: string | undefined;
if (process.env.E2E_DATABASE_URL) {
  const adminUrl = process.env.E2E_DATABASE_URL;
  const name = `hawl_e2e_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  postgresDatabase = { adminUrl, name };
  databaseUrl = withDatabase(adminUrl, name);
}

const childEnv: NodeJS.ProcessEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(appPort),
  HOST: "127.0.0.1",
  BASE_URL: baseURL,
  DATA_DIR: path.join(tempDir, "data"),
  BETTER_AUTH_SECRET: randomBytes(32).toString("hex"),
  SMTP_URL: smtp.url,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
  // As behind a reverse proxy: the API-made accounts of the specs (support/accounts.ts) come
  // from addresses of their own, like separate people, so the production per-IP sign-up and
  // sign-in limits stay on without the whole suite sharing one bucket.
  TRUST_PROXY: "true",
  // Accounts without a bought plan get Standard, so owners may invite (sharing.spec.ts); no spec
  // depends on the free plan's limits.
  DEFAULT_PLAN: "standard",
  // no live prices in the browser tests: the internet is out of reach; the shipped prices answer
  PRICES_PROVIDER: "none",
  ...stripeTestEnv,
  STRIPE_API_URL: stripeStandIn.url,
};
delete childEnv.DATABASE_URL;
if (databaseUrl) childEnv.DATABASE_URL = databaseUrl;

log(
  `smtp ${smtp.url}, mails on http://127.0.0.1:${mailPort}/messages, ` +
    `server ${baseURL} on ${postgresDatabase ? `PostgreSQL ${postgresDatabase.name}` : `PGlite in ${tempDir}`}`,
);

// tsx from node_modules directly (what `npx tsx` resolves to), so signals reach the server.
const child: ChildProcess = spawn(
  path.join(root, "node_modules/.bin/tsx"),
  [process.env.E2E_SERVER_ENTRY ?? "src/server/main.ts"],
  { cwd: root, env: childEnv, stdio: "inherit" },
);

let stopping = false;
let cleaning: Promise<void> | null = null;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await new Promise<void>((resolve) => mailApi.close(() => resolve()));
    await smtp.close().catch(() => {});
    await stripeStandIn.close().catch(() => {});
    if (postgresDatabase) {
      const admin = new pg.Client({ connectionString: postgresDatabase.adminUrl });
      try {
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${postgresDatabase.name} WITH (FORCE)`);
      } catch (error) {
        log(`could not drop ${postgresDatabase.name}: ${String(error)}`);
      } finally {
        await admin.end().catch(() => {});
      }
    }
    rmSync(tempDir, { recursive: true, force: true });
  })();
  return cleaning;
}

child.on("exit", (code, signal) => {
  if (!stopping) log(`server exited on its own (code ${code}, signal ${signal})`);
  void cleanup().then(() => process.exit(stopping ? 0 : (code ?? 1)));
});
child.on("error", (error) => {
  log(`could not start the server: ${error.message}`);
  void cleanup().then(() => process.exit(1));
});

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    if (child.exitCode !== null || child.signalCode !== null) {
      void cleanup().then(() => process.exit(0));
      return;
    }
    child.kill(signal);
    // a server that does not stop in 10 s is killed; the exit handler cleans up
    setTimeout(() => child.kill("SIGKILL"), 10_000).unref();
  });
}
