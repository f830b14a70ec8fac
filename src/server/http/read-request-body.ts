import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./context.ts";
import { bodyless } from "./request-guards.ts";
import { setHeaders } from "./security-headers.ts";
import { discardRest } from "./discard-body.ts";

/**
 * Every answer to a request that may carry a body leaves that body read, so the connection can
 * carry the next request: @hono/node-server drains an unread body only for 500 ms, then destroys
 * a keep-alive socket without `Connection: close`. A body read only in part (past the bounds)
 * gets `Connection: close`; bodies above the body limit are refused earlier (`limitBody`).
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
