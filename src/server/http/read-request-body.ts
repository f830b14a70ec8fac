import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { bodyless } from "./request-guards.ts";
import { setHeaders } from "./security-headers.ts";
import { discardRest } from "./discard-body.ts";

/**
 * Every answer to a request that may carry a body (anything but GET and HEAD) leaves that body
 * read, so the connection can carry the next request. A guard or handler that answers without
 * reading it (a 401, 403 or 404, a body-less DELETE or sign-out) left it to @hono/node-server,
 * which drains it after the answer but gives up after 500 ms and destroys the socket: once the
 * event loop was held up that long (a busy machine), a keep-alive connection was dropped under
 * its client with no `Connection: close` (the fuzz suite on PGlite, FUZZ_SEED=648034375). Read
 * here, before the answer goes, the body is done with; one read only in part (past the
 * bounds) gets `Connection: close`. Bodies above the body limit never get here: `limitBody`
 * (request-guards.ts) refuses them for every route.
 */
export function readUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (bodyless(c.req.method)) return;
    const request = c.req.raw;
    if (request.bodyUsed || c.res.headers.get("connection")?.toLowerCase() === "close") return;
    const body = request.body;
    if (!body || (await discardRest(body.getReader()))) return;
    setHeaders(c, { Connection: "close" });
  };
}
