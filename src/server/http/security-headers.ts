import { createHash } from "node:crypto";
import type { Context, MiddlewareHandler } from "hono";
import { isTokenPage } from "../../contracts/web-routes.ts";
import type { AppEnv } from "./context.ts";

// Content-Security-Policy, one per kind of answer:
// - API answers, errors and anything that is not a page: nothing may load, nothing may frame it.
// - Pages (the built SPA): scripts only from our origin plus the exact inline scripts React
//   Router prerendered into that HTML file, allowed by their sha256 (see static-web.ts), so no
//   'unsafe-inline' for scripts. Styles allow 'unsafe-inline': Radix and sonner set style
//   attributes at run time, which hashes cannot cover.
// Every answer also gets frame-ancestors 'none' + X-Frame-Options: DENY, except the embed page
// (embed-page.ts, decision 010): its frame-ancestors come from the key's allowed domains (or
// `*` without key) and it carries no X-Frame-Options.

export const apiCsp =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The service worker script (/sw.js, decision 007). A worker runs under the CSP of its own
 * script's answer, so the API policy ('none') would forbid its fetches: it may fetch and load
 * from our origin only (precaching, pages when offline).
 */
export const serviceWorkerCsp =
  "default-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

export function sha256Source(text: string): string {
  return `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

export function pageCsp(
  scriptHashes: readonly string[],
  options: { https: boolean; frameAncestors?: readonly string[] },
): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptHashes.length ? ` ${scriptHashes.join(" ")}` : ""}`,
    "style-src 'self' 'unsafe-inline'",
    // avatars are any https URL the user gives; data: for inline SVG and generated images
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors?.length ? options.frameAncestors.join(" ") : "'none'"}`,
    ...(options.https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Whether a CSP's frame-ancestors lets any page frame the answer (absent counts as no). */
export function allowsFraming(csp: string | null | undefined): boolean {
  const directive = csp
    ?.split(";")
    .map((d) => d.trim())
    .find((d) => d.toLowerCase().startsWith("frame-ancestors "));
  if (!directive) return false;
  const sources = directive.split(/\s+/).slice(1);
  return !(sources.length === 1 && sources[0]!.toLowerCase() === "'none'");
}

/** Paths whose URL carries a secret: the browser must not send it on as a Referer. */
export function isTokenPath(path: string): boolean {
  if (path === "/api/auth/verify-email" || path.startsWith("/api/auth/reset-password/")) {
    return true;
  }
  return !path.startsWith("/api/") && isTokenPage(path);
}

/**
 * Sets the security headers on every answer, whoever produced it (our routes, Better Auth,
 * the static files, the error handler). A handler that set its own CSP or Referrer-Policy
 * (pages, the dev outbox) keeps it.
 */
export function securityHeaders(options: { https: boolean }): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const current = c.res.headers;
    if (isBuiltSubresource(c.req.path, current.get("content-type"))) {
      setHeaders(c, { "X-Content-Type-Options": "nosniff" });
      return;
    }
    const tokenPath = isTokenPath(c.req.path);
    const wanted: Record<string, string> = {
      "X-Content-Type-Options": "nosniff",
      "Cross-Origin-Opener-Policy": "same-origin",
      "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
    };
    if (!current.has("content-security-policy")) wanted["Content-Security-Policy"] = apiCsp;
    // only an answer whose own policy lets others frame it (the embed page) goes without
    if (!allowsFraming(current.get("content-security-policy"))) wanted["X-Frame-Options"] = "DENY";
    if (tokenPath) wanted["Referrer-Policy"] = "no-referrer";
    else if (!current.has("referrer-policy")) {
      wanted["Referrer-Policy"] = "strict-origin-when-cross-origin";
    }
    if (options.https) wanted["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
    setHeaders(c, wanted);
  };
}

/**
 * A hashed script or style sheet of the build (/assets/*.js, *.css; decision 030). The browser
 * applies CSP, X-Frame-Options, Cross-Origin-Opener-Policy, Permissions-Policy and
 * Referrer-Policy to documents (and CSP to workers, whose scripts are not under /assets/): on a
 * module script they do nothing, yet they were ≈ 300 of the ≈ 670 bytes each of the ≈ 90 files
 * of a page's first load carries. nosniff does apply to scripts and styles and stays. Opened as a
 * page, such a file is text: nothing runs in it, nothing to frame.
 */
export function isBuiltSubresource(path: string, contentType: string | null): boolean {
  return (
    path.startsWith("/assets/") &&
    /^(text\/javascript|application\/javascript|text\/css)\b/i.test(contentType ?? "")
  );
}

/** Sets headers on c.res, copying the Response first if its headers are immutable (redirects). */
export function setHeaders(c: Context, headers: Record<string, string>): void {
  try {
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  } catch {
    c.res = new Response(c.res.body, c.res);
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  }
}
