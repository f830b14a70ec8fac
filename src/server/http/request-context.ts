import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppEnv } from "./context.ts";
import { setHeaders } from "./security-headers.ts";

// Path segments that are secrets (Better Auth's reset link). Query strings are never logged.
const secretPathPatterns: Array<[RegExp, string]> = [
  [/^\/api\/auth\/reset-password\/[^/]+/, "/api/auth/reset-password/:token"],
];

export function loggablePath(path: string): string {
  for (const [pattern, replacement] of secretPathPatterns) {
    if (pattern.test(path)) return path.replace(pattern, replacement);
  }
  return path;
}

/**
 * Request id (X-Request-Id; an incoming one is kept only behind a trusted proxy), a child logger, and one structured log line per request: method, path (no query
 * string), status, duration, user id when known. Never headers, cookies or bodies.
 */
export function requestContext(options: {
  logger: Logger;
  trustProxy: boolean;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const incoming = options.trustProxy ? c.req.header("x-request-id") : undefined;
    const requestId =
      incoming && incoming.length <= 100 && /^[\w.-]+$/.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    const log = options.logger.child({ requestId });
    c.set("log", log);
    await next();
    setHeaders(c, { "X-Request-Id": requestId });
    const status = c.res.status;
    const entry = {
      method: c.req.method,
      path: loggablePath(c.req.path),
      status,
      durationMs: Math.round((performance.now() - started) * 10) / 10,
      ...(c.var.userId ? { userId: c.var.userId } : {}),
    };
    // 503 is an outage whose cause is logged once by the error handler
    if (status >= 500 && status !== 503) log.error(entry, "request");
    else if (status === 503) log.warn(entry, "request");
    else log.info(entry, "request");
  };
}
