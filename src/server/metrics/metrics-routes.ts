import { createHash, timingSafeEqual } from "node:crypto";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import type { Logger } from "pino";
import { AppError } from "../errors.ts";
import type { Metrics } from "./metrics.ts";

// GET /metrics is never public (decision 062): on the app's port only with METRICS_TOKEN as a
// bearer token, and on METRICS_PORT, a listener of its own bound to 127.0.0.1 (the token, when
// set, is asked there too). Without either the app answers 404, as for any unknown path.

const digest = (text: string) => createHash("sha256").update(text).digest();

/** Constant time whatever the lengths: both sides hashed to 32 bytes first. */
function tokenMatches(header: string | undefined, expected: Buffer): boolean {
  const match = /^Bearer +(\S+) *$/i.exec(header ?? "");
  return match !== null && timingSafeEqual(digest(match[1]!), expected);
}

function errorResponse(error: AppError, headers: Record<string, string> = {}): Response {
  return Response.json(error.toBody(), {
    status: error.status,
    headers: { "Cache-Control": "no-store", ...headers },
  });
}

/** `/metrics` for a Hono app; `token` undefined: served without one (the loopback listener). */
export function metricsRoutes(metrics: Metrics | null, token: string | undefined): Hono {
  const app = new Hono();
  const expected = token === undefined ? null : digest(token);
  app.all("/metrics", async (c) => {
    if (!metrics) return errorResponse(new AppError("NOT_FOUND", "Not found."));
    if (c.req.method !== "GET" && c.req.method !== "HEAD") {
      return errorResponse(new AppError("NOT_FOUND", "Not found."));
    }
    if (expected && !tokenMatches(c.req.header("authorization"), expected)) {
      return errorResponse(
        new AppError("UNAUTHENTICATED", "The metrics need the bearer token METRICS_TOKEN."),
        { "WWW-Authenticate": 'Bearer realm="metrics"' },
      );
    }
    return c.body(await metrics.render(), 200, {
      "Content-Type": metrics.contentType,
      "Cache-Control": "no-store",
    });
  });
  return app;
}

/** The loopback-only listener of METRICS_PORT; resolves once it listens. */
export async function startMetricsServer(options: {
  metrics: Metrics;
  port: number;
  token: string | undefined;
  logger: Logger;
}): Promise<ServerType> {
  const app = metricsRoutes(options.metrics, options.token);
  app.notFound(() => errorResponse(new AppError("NOT_FOUND", "Not found.")));
  return new Promise((resolve, reject) => {
    const server = serve(
      { fetch: app.fetch, port: options.port, hostname: "127.0.0.1" },
      (info) => {
        server.off("error", reject);
        options.logger.info(`metrics on http://127.0.0.1:${info.port}/metrics`);
        resolve(server);
      },
    );
    server.once("error", reject);
  });
}
