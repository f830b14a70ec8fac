import { Hono } from "hono";
import type { AppDeps } from "../deps.ts";
import { describe } from "../http/error-handler.ts";
import { AppError } from "../errors.ts";
import { unavailableError, type Auth } from "./auth.ts";
import { clientIp, clientIpHeader } from "./client-ip.ts";
import { isOpenAuthRoute } from "./open-routes.ts";
import { createSignUpTiming } from "./sign-up-timing.ts";
import { deviceCookieHeader, issueDevice, trustedDeviceId } from "./device-cookie.ts";
import {
  pruneSignInFailures,
  recordSignInFailure,
  longestSignInBlock,
  signInCounters,
} from "./sign-in-failures.ts";

/**
 * Better Auth's handler for /api/auth/*, with what Hawl adds around it:
 * - the client address, for Better Auth's per-IP rate limits and the session record;
 * - failed sign-ins limited without locking the owner out (OWASP device cookies, decision
 *   004): a browser that signed in to the account before holds a signed device cookie and is
 *   held only by its own limit; any other request by the account's limit per client address
 *   and by the account's lockout, which strangers' guesses can fill but the owner's trusted
 *   browser never meets;
 * - 404 for every Better Auth route Hawl does not declare (open-routes.ts, decision 047);
 * - sign-up answering in the same time for a taken address as for a new one (sign-up-timing.ts);
 * - `Retry-After` on every 429 (Better Auth sends only `X-Retry-After`);
 * - 503 UNAVAILABLE, not 500, when the database does not answer; nothing is thrown out.
 *
 * Mount with `app.route("/api/auth", authRoutes(auth, deps))`.
 */
export function authRoutes(auth: Auth, deps: AppDeps): Hono {
  const app = new Hono();
  const db = deps.database.db;
  const now = () => deps.now?.() ?? new Date();
  const limits = auth.hawl.signInFailures;
  const https = deps.env.BASE_URL.startsWith("https://");
  const secret = deps.env.BETTER_AUTH_SECRET;
  const signUpTiming = createSignUpTiming(db);

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

  // signed in: this browser is trusted for this account from now on (a new id each time)
  const withDeviceCookie = (response: Response, email: string) => {
    const issued = issueDevice(secret, email);
    const signedIn = new Response(response.body, response);
    signedIn.headers.append("set-cookie", deviceCookieHeader(issued.value, https));
    return signedIn;
  };

  // the second factor confirmed a sign-in: its answer names the account
  const trustOnSuccess = async (response: Response) => {
    if (response.status !== 200) return response;
    const answer: unknown = await response
      .clone()
      .json()
      .catch(() => null);
    const email = (answer as { user?: { email?: unknown } } | null)?.user?.email;
    return typeof email === "string" ? withDeviceCookie(response, email.toLowerCase()) : response;
  };

  app.all("*", async (c) => {
    try {
      const raw = c.req.raw;
      const pathname = new URL(raw.url).pathname;
      if (!isOpenAuthRoute(raw.method, pathname)) {
        return errorResponse(new AppError("NOT_FOUND", "Not found."));
      }
      const hasBody = raw.method !== "GET" && raw.method !== "HEAD";
      const body = hasBody ? await raw.arrayBuffer() : null;
      const headers = new Headers(raw.headers);
      headers.set(clientIpHeader, clientIp(c, deps.env.TRUST_PROXY));
      const request = new Request(raw.url, { method: raw.method, headers, body });

      if (raw.method === "POST" && pathname.endsWith("/sign-up/email")) {
        return await finish(await signUpTiming.answer(() => auth.handler(request)));
      }
      const isSignIn = raw.method === "POST" && pathname.endsWith("/sign-in/email");
      const email = isSignIn && body ? emailOf(body, headers.get("content-type")) : null;
      if (raw.method === "POST" && secondStepPaths.some((path) => pathname.endsWith(path))) {
        return await finish(await trustOnSuccess(await auth.handler(request)));
      }
      if (raw.method === "POST" && pathname.endsWith("/passkey/verify-registration")) {
        return await finish(await refusedPasskeyIsBadRequest(await auth.handler(request)));
      }
      if (!email) return await finish(await auth.handler(request));

      const device = trustedDeviceId(headers.get("cookie"), https, secret, email);
      const address = headers.get(clientIpHeader) ?? "unknown";
      const counters = signInCounters(email, device, address, limits);
      const blockedFor = await longestSignInBlock(db, counters, now());
      if (blockedFor !== null) {
        deps.metrics?.signInFailures.inc({ reason: "locked" });
        return tooManyRequests(
          blockedFor,
          "Too many failed sign-in attempts for this account. Please try again later or reset your password.",
        );
      }
      const response = await auth.handler(request);
      // 401 is Better Auth's "Invalid email or password"; an unverified account (403) or a
      // rate-limited request (429) is not a failed guess.
      if (response.status === 401) {
        deps.metrics?.signInFailures.inc({ reason: "invalid_credentials" });
        let first = false;
        for (const [key, limit] of counters) {
          if ((await recordSignInFailure(db, key, limit, now())) === 1) first = true;
        }
        if (first) await pruneSignInFailures(db, limits, now());
      }
      // a password that still waits for its second factor makes no browser trusted
      if (response.status === 200 && !(await asksSecondFactor(response))) {
        return await finish(withDeviceCookie(response, email));
      }
      return await finish(response);
    } catch (error) {
      return serverFailure(error);
    }
  });

  return app;
}

/**
 * Better Auth answers 500 to a new passkey it cannot verify (made for another origin or relying
 * party, or forged): the caller's mistake, 400 (decision 071).
 */
async function refusedPasskeyIsBadRequest(response: Response): Promise<Response> {
  if (response.status !== 500) return response;
  const answer: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  if ((answer as { code?: unknown } | null)?.code !== "FAILED_TO_VERIFY_REGISTRATION") {
    return response;
  }
  return new Response(
    JSON.stringify({
      code: "FAILED_TO_VERIFY_REGISTRATION",
      message: "The passkey could not be verified for this site.",
    }),
    { status: 400, headers: { "content-type": "application/json", "cache-control": "no-store" } },
  );
}

/** The routes that finish a sign-in with a code (decision 071). */
const secondStepPaths = ["/two-factor/verify-totp", "/two-factor/verify-backup-code"];

async function asksSecondFactor(response: Response): Promise<boolean> {
  const answer: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return (answer as { twoFactorRedirect?: unknown } | null)?.twoFactorRedirect === true;
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
