import pino from "pino";
import { expect } from "vitest";
import type { AppDeps } from "../../src/server/app.ts";
import type { AuthOptions } from "../../src/server/auth/auth.ts";
import { createTestApp } from "../helpers/test-app.ts";
import type { ReceivedMail } from "../helpers/smtp.ts";

// Auth tests run on the real app (createApp mounts authRoutes at /api/auth behind the origin,
// JSON and body-size guards), on a fresh database of the running engine with a real SMTP
// peer. Each file may lower or raise the Better Auth limits it needs through `auth`.

export type AuthTestApp = Awaited<ReturnType<typeof createAuthTestApp>>;

export async function createAuthTestApp(
  options: { auth?: AuthOptions; env?: Record<string, string> } = {},
) {
  const base = await createTestApp(options.env, { auth: options.auth });
  const logger = pino({ level: "silent" });
  /** the app's own dependencies, for a second Better Auth instance over the same database */
  const deps: AppDeps = { env: base.env, database: base.database, mailer: base.mailer, logger };
  return {
    ...base,
    deps,
    /** a cookie-keeping client, like one browser */
    browser(defaults: Record<string, string> = {}) {
      return new Browser(base.request, defaults);
    },
  };
}

const relaxed = { window: 60, max: 1000 };
export const relaxedRateLimits = {
  default: relaxed,
  signIn: relaxed,
  signUp: relaxed,
  requestPasswordReset: relaxed,
  resetPassword: relaxed,
  sendVerificationEmail: relaxed,
};

let counter = 0;
export function uniqueEmail(prefix = "user"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.test`;
}

export const goodPassword = "correct horse battery staple 42";

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly send: (path: string, init: RequestInit) => Promise<Response>,
    private readonly defaults: Record<string, string> = {},
  ) {}

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(this.defaults);
    new Headers(init.headers).forEach((value, key) => headers.set(key, value));
    if (this.cookies.size > 0) {
      headers.set(
        "cookie",
        [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; "),
      );
    }
    const response = await this.send(path, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const index = pair.indexOf("=");
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a)) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, { headers });
  }

  async session(): Promise<{ user: { id: string; email: string } } | null> {
    const response = await this.get("/api/auth/get-session");
    expect(response.status).toBe(200);
    return (await response.json()) as { user: { id: string; email: string } } | null;
  }
}

// ---- reading the received e-mail

export interface ParsedMail {
  subject: string;
  text: string;
  html: string;
}

function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const ch = joined[i]!;
    if (ch === "=" && /^[0-9A-Fa-f]{2}$/.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = encoding?.toLowerCase().trim();
  if (e === "quoted-printable") return decodeQuotedPrintable(body).toString("utf8");
  if (e === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body;
}

function splitHeaders(raw: string): { headers: Map<string, string>; body: string } {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? "" : raw.slice(end).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const index = line.indexOf(":");
    if (index > 0)
      headers.set(line.slice(0, index).trim().toLowerCase(), line.slice(index + 1).trim());
  }
  return { headers, body };
}

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")).toString("utf8"),
    );
}

/** Subject and the text and HTML parts of a raw message as nodemailer builds it. */
export function parseMail(mail: ReceivedMail): ParsedMail {
  const top = splitHeaders(mail.raw);
  const parsed: ParsedMail = {
    subject: decodeWords(top.headers.get("subject") ?? ""),
    text: "",
    html: "",
  };
  const visit = (headers: Map<string, string>, body: string) => {
    const type = headers.get("content-type") ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith("multipart/") && boundary) {
      for (const part of body.split(`--${boundary}`).slice(1)) {
        if (part.startsWith("--")) break;
        const inner = splitHeaders(part.replace(/^\r?\n/, ""));
        visit(inner.headers, inner.body);
      }
      return;
    }
    const decoded = decodeBody(body, headers.get("content-transfer-encoding"));
    if (type.toLowerCase().startsWith("text/html")) parsed.html = decoded;
    else if (type.toLowerCase().startsWith("text/plain")) parsed.text = decoded;
  };
  visit(top.headers, top.body);
  return parsed;
}

/** The first link to `pathPrefix` in the message's text part, as a path with its query. */
export function linkIn(mail: ParsedMail, pathPrefix: string): string {
  const links = mail.text.match(/https?:\/\/[^\s)<>"]+/g) ?? [];
  const found = links
    .map((l) => URL.parse(l))
    .find((u) => u !== null && u.pathname.startsWith(pathPrefix));
  if (!found) throw new Error(`no ${pathPrefix} link in:\n${mail.text}`);
  return found.pathname + found.search;
}

/** All messages received so far for one address. */
export function mailsTo(app: AuthTestApp, to: string): ParsedMail[] {
  return app.smtp.messages.filter((m) => m.to.includes(to.toLowerCase())).map(parseMail);
}

/** Waits until `count` messages for `to` have arrived; returns the newest. */
export async function waitForMail(app: AuthTestApp, to: string, count = 1): Promise<ParsedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const all = mailsTo(app, to);
    if (all.length >= count) return all[all.length - 1]!;
    if (Date.now() > deadline)
      throw new Error(`expected ${count} mail(s) to ${to}, got ${all.length}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sign-up, verification link, and a signed-in browser: the common start of many tests. */
export async function signUpAndVerify(
  app: AuthTestApp,
  options: {
    email?: string;
    password?: string;
    name?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ email: string; password: string; browser: Browser; userId: string }> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? goodPassword;
  const browser = app.browser(options.headers);
  const signUp = await browser.post("/api/auth/sign-up/email", {
    email,
    password,
    name: options.name ?? "Test Person",
    callbackURL: "/verify-email",
  });
  expect(signUp.status).toBe(200);
  const mail = await waitForMail(app, email);
  const verify = await browser.get(linkIn(mail, "/api/auth/verify-email"));
  expect(verify.status).toBe(302);
  const session = await browser.session();
  expect(session?.user.email).toBe(email);
  return { email, password, browser, userId: session!.user.id };
}
