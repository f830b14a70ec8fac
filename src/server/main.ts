import { serve, type ServerType } from "@hono/node-server";
import pino from "pino";
import { startAdminSocket } from "./admin-socket.ts";
import { createApp } from "./app.ts";
import { openDatabase } from "./db/client.ts";
import { EnvError, parseEnv, type Env } from "./env.ts";
import { devOutbox } from "./http/dev-outbox.ts";
import { createMailer } from "./mail/create-mailer.ts";

// The server process: environment, database (migrated at start), mailer, app, HTTP listener,
// and a graceful stop on SIGINT/SIGTERM. `npm start` and `npm run dev` both end up here.

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
  const env = readEnv();
  const logger = pino({ level: env.LOG_LEVEL });
  // A stray rejection (say, a background e-mail during a database outage) is logged; the
  // process keeps serving.
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason }, "unhandled rejection");
  });
  const database = await openDatabase(env);
  try {
    await database.migrate();
  } catch (error) {
    logger.fatal({ err: error }, "database migration failed (is the database reachable?)");
    await database.close().catch(() => {});
    process.exit(1);
  }
  const mailer = createMailer(env, logger);
  const app = createApp({ env, database, mailer, logger });
  // PGlite: `npm run admin` reaches the running server through a socket in DATA_DIR (decision 015)
  const adminSocket =
    database.engine === "pglite"
      ? await startAdminSocket({
          dataDir: env.DATA_DIR,
          db: database.db,
          defaultPlan: env.DEFAULT_PLAN,
          logger,
        })
      : null;

  // @hono/node-server hands each request's Node socket to the app (c.env.incoming), which
  // is where the client address comes from.
  const server: ServerType = serve(
    { fetch: app.fetch, port: env.PORT, hostname: env.HOST },
    (info) => {
      logger.info(
        {
          address: `http://${info.address}:${info.port}`,
          baseUrl: env.BASE_URL,
          database: database.engine,
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
      await database.close().catch((error: unknown) => logger.error({ err: error }, "close"));
      logger.info("stopped");
      process.exit(0);
    });
    // idle keep-alive connections would hold close() open
    if ("closeIdleConnections" in server) server.closeIdleConnections();
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
