import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { bodyless } from "./request-guards.ts";
import { setHeaders } from "./security-headers.ts";

/**
 * Every answer to a request that may carry a body (anything but GET and HEAD) leaves that body
 * read, so the connection can carry the next request. A guard or handler that answers without
 * reading it (a 401, 403 or 404, a body-less DELETE or sign-out) left it to @hono/node-server,
 * which drains it after the answer but gives up after 500 ms and destroys the socket: once the
 * event loop was held up that long (a busy machine), a keep-alive connection was dropped under
 * its client with no `Connection: close` (the fuzz suite on PGlite, FUZZ_SEED=648034375). Read
 * here, before the answer goes, the body is done with. A body too large to read for nothing
 * (above the body limit, or streamed without a length) is not read: the answer says
 * `Connection: close`, as the 413 does (request-guards.ts `limitBody`).
 */
export function readUnreadBody(maxBytes: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (bodyless(c.req.method)) return;
    const request = c.req.raw;
    if (request.bodyUsed || c.res.headers.get("connection")?.toLowerCase() === "close") return;
    const length = request.headers.get("content-length");
    const tooLarge =
      length === null ? request.headers.has("transfer-encoding") : !(Number(length) <= maxBytes);
    if (!tooLarge) {
      try {
        await request.arrayBuffer();
        return;
      } catch {
        // the client went away or sent less than it said: nothing to keep open
      }
    }
    setHeaders(c, { Connection: "close" });
  };
}
