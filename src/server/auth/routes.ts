import { Hono } from "hono";
import type { AppDeps } from "../app.ts";
import { describe } from "../http/error-handler.ts";
import { AppError } from "../http/errors.ts";
import { unavailableError, type Auth } from "./auth.ts";
import { clientIp, clientIpHeader } from "./client-ip.ts";
import { pruneSignInFailures, recordSignInFailure, signInBlockedFor } from "./sign-in-failures.ts";

/**
 * Better Auth's handler for /api/auth/*, with what Hawl adds around it:
 * - the client address, for Better Auth's per-IP rate limits and the session record;
 * - at most N failed sign-ins per account and window (default 100 an hour);
 * - `Retry-After` on every 429 (Better Auth sends only `X-Retry-After`);
 * - 503 UNAVAILABLE, not 500, when the database does not answer; nothing is thrown out.
 *
 * Mount with `app.route("/api/auth", authRoutes(auth, deps))`.
 */
export function authRoutes(auth: Auth, deps: AppDeps): Hono {
  const app = new Hono();
  const db = deps.database.db;
  const now = () => deps.now?.() ?? new Date();
  const limit = auth.hawl.signInFailures;

  const errorResponse = (error: AppError) =>
    new Response(JSON.stringify(error.toBody()), {
      status: error.status,
      headers: {
        "content-type": "application/json",
        "cache-control": "no-store",
        ...error.headers,
      },
    });

  const tooManyRequests = (retryAfterSeconds: number, message: string) =>
    errorResponse(
      new AppError("RATE_LIMITED", message, {
        headers: { "Retry-After": String(retryAfterSeconds) },
      }),
    );

  // A 5xx from Better Auth, or an error thrown on the way: 503 when the database is the cause.
  const serverFailure = async (cause: unknown) => {
    if (!(await deps.database.ping())) return errorResponse(unavailableError(cause));
    deps.logger.error({ error: describe(cause) }, "auth request failed");
    return errorResponse(new AppError("INTERNAL", "Something went wrong on our side."));
  };

  const finish = async (response: Response): Promise<Response> => {
    if (response.status === 429) {
      const seconds = Number(response.headers.get("x-retry-after"));
      return tooManyRequests(
        Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : 60,
        "Too many requests. Please try again later.",
      );
    }
    if (response.status >= 500) return serverFailure(`better-auth answered ${response.status}`);
    return response;
  };

  app.all("*", async (c) => {
    try {
      const raw = c.req.raw;
      const hasBody = raw.method !== "GET" && raw.method !== "HEAD";
      const body = hasBody ? await raw.arrayBuffer() : null;
      const headers = new Headers(raw.headers);
      headers.set(clientIpHeader, clientIp(c, deps.env.TRUST_PROXY));
      const request = new Request(raw.url, { method: raw.method, headers, body });

      const isSignIn =
        raw.method === "POST" && new URL(raw.url).pathname.endsWith("/sign-in/email");
      const email = isSignIn && body ? emailOf(body, headers.get("content-type")) : null;
      if (!email) return await finish(await auth.handler(request));

      const blockedFor = await signInBlockedFor(db, email, limit, now());
      if (blockedFor !== null) {
        return tooManyRequests(
          blockedFor,
          "Too many failed sign-in attempts for this account. Please try again later or reset your password.",
        );
      }
      const response = await auth.handler(request);
      // 401 is Better Auth's "Invalid email or password"; an unverified account (403) or a
      // rate-limited request (429) is not a failed guess.
      if (response.status === 401) {
        const count = await recordSignInFailure(db, email, limit, now());
        if (count === 1) await pruneSignInFailures(db, limit, now());
      }
      return await finish(response);
    } catch (error) {
      return serverFailure(error);
    }
  });

  return app;
}

function emailOf(body: ArrayBuffer, contentType: string | null): string | null {
  const text = new TextDecoder().decode(body);
  let value: unknown = null;
  if (contentType?.includes("application/x-www-form-urlencoded")) {
    value = new URLSearchParams(text).get("email");
  } else {
    try {
      const parsed: unknown = JSON.parse(text);
      if (parsed && typeof parsed === "object") value = (parsed as { email?: unknown }).email;
    } catch {
      return null; // Better Auth answers the malformed body itself
    }
  }
  return typeof value === "string" && value.trim() ? value.trim().toLowerCase() : null;
}
