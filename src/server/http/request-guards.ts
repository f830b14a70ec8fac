import type { MiddlewareHandler } from "hono";
import type { Endpoint } from "../../contracts/endpoints.ts";
import type { AppEnv } from "./context.ts";
import { AppError } from "../errors.ts";
import { readAtMost } from "../read-at-most.ts";
import { discardRest } from "./discard-body.ts";
import { isJsonContentType } from "./validation.ts";

const stateChanging = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * Refuses cross-site state-changing requests to /api/* (CSRF defence in depth, on top of
 * SameSite=Lax cookies). The rule:
 * - Origin present: it must equal BASE_URL's origin exactly ("null" is refused too).
 * - Origin absent, Sec-Fetch-Site present: it must be "same-origin" (or "none": typed by the
 *   user, never a cross-site page).
 * - Both absent: allowed. Every browser that could carry our cookie cross-site sends at least
 *   one of them on a POST/PUT/PATCH/DELETE, so such a request comes from a non-browser client
 *   (curl, scripts, server-to-server), which holds no victim's cookie to abuse.
 */
export function originCheck(baseUrl: string): MiddlewareHandler<AppEnv> {
  const expected = new URL(baseUrl).origin;
  return async (c, next) => {
    if (stateChanging.has(c.req.method)) {
      const origin = c.req.header("origin");
      const fetchSite = c.req.header("sec-fetch-site");
      const allowed =
        origin !== undefined
          ? origin === expected
          : fetchSite === undefined || fetchSite === "same-origin" || fetchSite === "none";
      if (!allowed) {
        throw new AppError("CROSS_SITE_REQUEST", "Cross-site requests are not allowed.");
      }
    }
    await next();
  };
}

/**
 * GET and HEAD requests never carry a body here (@hono/node-server gives them none, as fetch
 * requires). Asking `c.req.raw.body` would build the full Request (an AbortController, a
 * stream) for nothing: this is asked first, on the hot read paths (issue 13).
 */
export function bodyless(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

function hasBody(headers: Headers): boolean {
  const length = headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return headers.has("transfer-encoding");
}

/** Bodies sent to /api/* must be JSON (415 otherwise). Body-less requests pass. */
export function jsonBodiesOnly(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (bodyless(c.req.method)) return next();
    const headers = c.req.raw.headers;
    const body = c.req.raw.body !== null && (hasBody(headers) || headers.has("content-type"));
    if (body && !isJsonContentType(headers.get("content-type"))) {
      throw new AppError(
        "UNSUPPORTED_MEDIA_TYPE",
        "The request body must be JSON (application/json).",
      );
    }
    await next();
  };
}

/**
 * 413 PAYLOAD_TOO_LARGE above `maxBytes`, by Content-Length or by counting a streamed body,
 * for every route (a body no route needs is no reason to read more). The refused body is
 * read and thrown away first, up to a bound (discard-body.ts): the client, still writing it,
 * then reads the 413 instead of failing on a closed socket. The answer says
 * `Connection: close` and the server closes after it. `routes`: those that declare a larger
 * `bodyLimitBytes` (the sync, decision 045) take that.
 */
export function limitBody(
  defaultBytes: number,
  routes: readonly Endpoint[] = [],
): MiddlewareHandler<AppEnv> {
  const larger = routes.flatMap((route) =>
    route.bodyLimitBytes && route.bodyLimitBytes > defaultBytes
      ? [
          {
            method: route.method.toUpperCase(),
            path: new RegExp(`^${route.path.replace(/\{\w+\}/g, "[^/]+")}$`),
            maxBytes: route.bodyLimitBytes,
          },
        ]
      : [],
  );
  return async (c, next) => {
    if (bodyless(c.req.method)) return next();
    const maxBytes =
      larger.find((r) => r.method === c.req.method && r.path.test(c.req.path))?.maxBytes ??
      defaultBytes;
    const tooLarge = () =>
      new AppError(
        "PAYLOAD_TOO_LARGE",
        `The request body is larger than the limit of ${maxBytes} bytes.`,
        { headers: { Connection: "close" } },
      );
    const request = c.req.raw;
    if (!request.body) return next();
    const length = request.headers.get("content-length");
    if (length !== null && !request.headers.has("transfer-encoding")) {
      if (!(Number(length) > maxBytes)) return next();
      await discardRest(request.body.getReader());
      throw tooLarge();
    }
    // streamed without a length: counted as it comes, and kept for the route
    const reader = request.body.getReader();
    const body = await readAtMost(reader, maxBytes);
    if (!body) {
      await discardRest(reader);
      throw tooLarge();
    }
    c.req.raw = new Request(request, { body });
    return next();
  };
}
