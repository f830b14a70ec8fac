import { serve, type ServerType } from "@hono/node-server";
import pino from "pino";
import { startAdminSocket } from "./admin-socket.ts";
import type { Hono } from "hono";
import type { HealthResponse } from "../contracts/health.ts";
import { createApp, type AppEnv } from "./app.ts";
import { openDatabase, type Database } from "./db/client.ts";
import { checkDataDir, DataDirError } from "./db/data-dir.ts";
import { EnvError, parseEnv, type Env } from "./env.ts";
import { devOutbox } from "./http/dev-outbox.ts";
import { createBackground, type Background } from "./jobs/background.ts";
import { createMailer } from "./mail/create-mailer.ts";

// The server process: environment, database (migrated at start), jobs and mailer (decision 020),
// app, HTTP listener, and a graceful stop on SIGINT/SIGTERM. `npm start` and `npm run dev` both end up here.

function readEnv(): Env {
  try {
    return parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  // What the process creates is its own alone (decision 043): the PGlite data directory's
  // new directories and files included, whatever umask the service manager left.
  process.umask(0o077);
  const env = readEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  if (!env.DATABASE_URL) {
    try {
      const tightened = checkDataDir(env.DATA_DIR);
      if (tightened > 0) {
        logger.warn(`DATA_DIR: group and other access removed from ${tightened} entries`);
      }
    } catch (error) {
      if (!(error instanceof DataDirError)) throw error;
      logger.fatal(error.message);
      process.exit(1);
    }
  }
  // A stray rejection (say, a background e-mail during a database outage) is logged; the
  // process keeps serving.
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled rejection");
  });
  // Listen at once (decision 018): /healthz (the process answers) is 200 while the database
  // opens and migrates, every other request a 503 UNAVAILABLE with Retry-After, /readyz
  // included, until the app is ready. A load balancer waits for /readyz.
  let app: Hono<AppEnv> | null = null;
  let database: Database | null = null;
  let stopJobs: () => Promise<void> = async () => {};
  // @hono/node-server hands each request's Node socket to the app (c.env.incoming), which
  // is where the client address comes from.
  const server: ServerType = serve(
    {
      fetch: (request, bindings) => (app ? app.fetch(request, bindings) : starting(request)),
      port: env.PORT,
      hostname: env.HOST,
    },
    (info) => {
      logger.info(
        {
          address: `http://${info.address}:${info.port}`,
          baseUrl: env.BASE_URL,
          database: env.DATABASE_URL ? "postgres" : "pglite",
        },
        `Hawl listening on ${env.BASE_URL}`,
      );
      const outbox = devOutbox(env);
      if (outbox.served) {
        logger.info(
          `no SMTP_URL: e-mails are shown at ${env.BASE_URL}/dev/outbox (${outbox.reason})`,
        );
      } else if (!env.SMTP_URL && env.NODE_ENV !== "production") {
        logger.warn(
          `no SMTP_URL: e-mails go to the log only; /dev/outbox is off: ${outbox.reason}`,
        );
      } else {
        logger.info(`/dev/outbox is off: ${outbox.reason}`);
      }
    },
  );
  server.on("error", (error) => {
    logger.fatal({ err: error }, "cannot listen");
    process.exit(1);
  });

  const opened = await openDatabase(env);
  database = opened;
  try {
    await opened.migrate();
  } catch (error) {
    logger.fatal({ err: error }, "database migration failed (is the database reachable?)");
    await opened.close().catch(() => {});
    process.exit(1);
  }
  // Every e-mail is a job (jobs/background.ts); with WORKERS=1 (the default) this process also
  // works the jobs and the hourly reminder scan, with WORKERS=0 another instance does.
  const background: Background = createBackground({
    env,
    database: opened,
    logger,
    delivery: createMailer(env, logger),
  });
  try {
    await background.start();
  } catch (error) {
    logger.fatal({ err: error }, "the jobs could not start (is the database reachable?)");
    await opened.close().catch(() => {});
    process.exit(1);
  }
  stopJobs = () => background.stop();
  app = createApp({ env, database: opened, mailer: background.mailer, logger });
  // PGlite: `npm run admin` reaches the running server through a socket in DATA_DIR (decision 015)
  const adminSocket =
    opened.engine === "pglite"
      ? await startAdminSocket({
          dataDir: env.DATA_DIR,
          database: opened,
          defaultPlan: env.DEFAULT_PLAN,
          logger,
        })
      : null;
  logger.info("ready: database open and migrated");

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    // a request that hangs must not keep the process alive forever
    setTimeout(() => {
      logger.warn("forced exit after 10 s");
      process.exit(1);
    }, 10_000).unref();
    adminSocket?.close();
    server.close(async () => {
      // running jobs finish (or go back to the queue) before the database closes under them
      await stopJobs().catch((error: unknown) => logger.error({ err: error }, "jobs stop"));
      await database?.close().catch((error: unknown) => logger.error({ err: error }, "close"));
      logger.info("stopped");
      process.exit(0);
    });
    // idle keep-alive connections would hold close() open
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

/** The answer while the database opens: /healthz 200, anything else 503 (API.md's shape). */
function starting(request: Request): Response {
  const headers = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
  if (new URL(request.url).pathname === "/healthz") {
    return Response.json({ ok: true } satisfies HealthResponse, { headers });
  }
  const error = { code: "UNAVAILABLE", message: "The service is starting. Try again shortly." };
  return Response.json({ error }, { status: 503, headers: { ...headers, "Retry-After": "1" } });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
