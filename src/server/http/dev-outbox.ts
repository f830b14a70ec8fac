import { Hono, type Context } from "hono";
import type { Mailer, SentMail } from "../mail/mailer.ts";
import type { AppEnv } from "./context.ts";
import { notFoundHandler } from "./error-handler.ts";
import { sha256Source } from "./security-headers.ts";

// GET /dev/outbox: the e-mails the app "sent" while no SMTP server is configured, newest
// first, with their links clickable, so that a newcomer can verify an account or reset a
// password locally. Everything is escaped. The page hands out sign-in and reset links, so it
// exists only when devOutbox(env) says so: outside production, without SMTP_URL, and on a
// server only this machine can reach (a loopback HOST) unless DEV_OUTBOX=1 says otherwise;
// on a loopback HOST, a request a proxy forwarded is not this machine's (fromLoopbackClient).

export interface DevOutboxSettings {
  NODE_ENV: string;
  SMTP_URL?: string;
  HOST: string;
  DEV_OUTBOX: boolean;
}

/** true for the addresses only this machine reaches: 127.0.0.0/8, ::1, localhost. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  if (h === "localhost" || h.endsWith(".localhost") || h === "::1") return true;
  if (/^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h)) return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/** Whether /dev/outbox is served, and why (the start-up log says it). */
export function devOutbox(env: DevOutboxSettings): { served: boolean; reason: string } {
  if (env.NODE_ENV === "production") return { served: false, reason: "NODE_ENV=production" };
  if (env.SMTP_URL) return { served: false, reason: "SMTP_URL is set" };
  if (env.DEV_OUTBOX) return { served: true, reason: "DEV_OUTBOX=1" };
  if (isLoopbackHost(env.HOST)) return { served: true, reason: `HOST ${env.HOST} is loopback` };
  return {
    served: false,
    reason: `HOST ${env.HOST} is not loopback (set DEV_OUTBOX=1 to serve it anyway)`,
  };
}

const style = `body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#1c1917}
article{border:1px solid #d6d3d1;border-radius:.5rem;padding:1rem;margin:1rem 0}
h2{font-size:1.05rem;margin:0}.meta{color:#57534e;font-size:.85rem}
pre{white-space:pre-wrap;word-break:break-word;background:#fafaf9;padding:.75rem;border-radius:.25rem}
a{color:#0f766e}`;

const csp = `default-src 'none'; style-src ${sha256Source(style)}; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** Escapes text and turns its http(s) URLs into links (the URL is escaped in both places). */
export function linkify(text: string): string {
  const parts: string[] = [];
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = match[0].replace(/[.,;:!?)]+$/, "");
    const start = match.index;
    parts.push(escapeHtml(text.slice(last, start)));
    parts.push(`<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    last = start + url.length;
  }
  parts.push(escapeHtml(text.slice(last)));
  return parts.join("");
}

function renderMessage(mail: SentMail): string {
  return `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p class="meta">To ${escapeHtml(mail.to)} · ${escapeHtml(mail.sentAt.toISOString())}</p>
<pre>${linkify(mail.text)}</pre>
</article>`;
}

export function renderOutbox(messages: SentMail[] | null): string {
  const body =
    messages === null
      ? "<p>E-mails are not kept here.</p>"
      : messages.length === 0
        ? "<p>No e-mail yet. Sign up and the verification e-mail shows here.</p>"
        : messages.map(renderMessage).join("\n");
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Dev outbox · Hawl</title><style>${style}</style></head>
<body><h1>Dev outbox</h1><p class="meta">E-mails the app would have sent (no SMTP_URL), newest first. Development only.</p>
${body}
</body></html>`;
}

/**
 * Headers a proxy adds: a request with one came through a proxy, so from whoever the proxy
 * serves, even when the proxy itself is on this machine.
 */
const proxyHeaders = ["forwarded", "via", "x-real-ip", "true-client-ip", "cf-connecting-ip"];

/**
 * Whether the request comes from this machine itself: its socket's peer is loopback (unknown
 * in app.request() tests) and no proxy forwarded it.
 */
export function fromLoopbackClient(c: Context<AppEnv>): boolean {
  const headers = c.req.raw.headers;
  for (const name of headers.keys()) {
    if (name.startsWith("x-forwarded-") || proxyHeaders.includes(name)) return false;
  }
  const peer = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming?.socket?.remoteAddress;
  return peer === undefined || isLoopbackHost(peer);
}

/**
 * `loopbackClientsOnly`: served because HOST is loopback, the page answers only requests
 * from this machine; a local reverse proxy would otherwise hand it to anyone the proxy serves.
 * DEV_OUTBOX=1 says anyone who reaches it may see it.
 */
export function devOutboxRoutes(mailer: Mailer, options: { loopbackClientsOnly: boolean }) {
  return new Hono<AppEnv>().get("/", (c) =>
    options.loopbackClientsOnly && !fromLoopbackClient(c)
      ? notFoundHandler(c)
      : c.html(renderOutbox(mailer.outbox()), 200, {
          "Content-Security-Policy": csp,
          "Cache-Control": "no-store",
          // the page is full of tokens
          "Referrer-Policy": "no-referrer",
        }),
  );
}
