import { betterAuth } from "better-auth/minimal";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { AppDeps } from "../deps.ts";
import { describe } from "../http/error-handler.ts";
import { AppError } from "../errors.ts";
import {
  account,
  passkey,
  rateLimit,
  session,
  twoFactor,
  user,
  verification,
} from "../db/schema.ts";
import { passwordResetEmail } from "../mail/templates/password-reset.ts";
import { verificationEmail } from "../mail/templates/verification.ts";
import { securityNoticeEmail } from "../mail/templates/security-notice.ts";
import { secondFactorPlugins } from "./second-factors.ts";
import type { MailMessage } from "../mail/mailer.ts";
import { takeRecipientSlot, type RecipientMailLimits } from "../mail/recipient-cap.ts";
import { provisionNewAccount } from "../services/provision-new-account.ts";
import { clientIpHeader } from "./client-ip.ts";
import { createSessionMemo, signedCacheCookie, type SessionMemo } from "./session-memo.ts";
import { detectLanguage, localizedPath, type MailLanguage } from "./language.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "../../domain/password/index.ts";
import { hashPassword, verifyPassword } from "./password.ts";
import { authHooks, verificationLinkHours } from "./auth-hooks.ts";
import { discardOlderResetLinks, markEmailVerified } from "./reset-links.ts";
import { endStandingCredentials } from "./standing-credentials.ts";
import {
  clearAccountFailures,
  defaultSignInLimits,
  type SignInLimits,
} from "./sign-in-failures.ts";

export interface RateLimitRule {
  /** seconds */
  window: number;
  max: number;
}

/** Per-IP limits of the sensitive endpoints; every other auth path gets `default`. */
export interface AuthRateLimits {
  default: RateLimitRule;
  signIn: RateLimitRule;
  signUp: RateLimitRule;
  requestPasswordReset: RateLimitRule;
  resetPassword: RateLimitRule;
  sendVerificationEmail: RateLimitRule;
  /** every /two-factor/* route (codes are also counted per account: second-factor-hooks.ts) */
  twoFactor: RateLimitRule;
}

export const defaultAuthRateLimits: AuthRateLimits = {
  default: { window: 60, max: 300 },
  signIn: { window: 60, max: 10 },
  signUp: { window: 60, max: 5 },
  requestPasswordReset: { window: 60, max: 5 },
  resetPassword: { window: 60, max: 10 },
  sendVerificationEmail: { window: 60, max: 5 },
  twoFactor: { window: 60, max: 10 },
};

export interface AuthOptions {
  /** override some per-IP limits (tests lower them) */
  rateLimits?: Partial<AuthRateLimits>;
  /** failed sign-ins per account, account and address, trusted device (defaultSignInLimits) */
  signInFailures?: Partial<SignInLimits>;
  /** seconds a signed session cookie is trusted without a database read; 0: never (tests) */
  sessionCacheSeconds?: number;
  /** e-mails per address and hour, shared with invitations (recipientMailLimits) */
  mailPerRecipient?: RecipientMailLimits;
}

/**
 * How long a session is verified from its signed cookie alone, without reading the database
 * (decision 018): the longest a signed-out, reset or deleted account's old cookie can still be
 * used. Workspace membership is not part of it (checked in every data query).
 */
export const sessionCacheSeconds = 30;

/** What authRoutes and getSessionUser need beside Better Auth itself. */
export interface AuthSettings {
  signInFailures: SignInLimits;
  /** true when the database answers */
  ping(): Promise<boolean>;
  /** session lookups remembered within the cookie cache's window (session-memo.ts) */
  sessions: SessionMemo<SessionUser | null>;
}

export { verificationLinkHours };
const resetLinkSeconds = 60 * 60; // spec §9: the reset link is valid for 1 hour

// Better Auth warns on every mistyped password: everyday events, not warnings for operators.
const routineWarnings = new Set([
  "User not found",
  "Invalid password",
  "Password not found",
  "Password is too short",
  "Password is too long",
  "Reset Password: User not found",
]);

function buildBetterAuth(deps: AppDeps, options: AuthOptions, signInFailures: SignInLimits) {
  const { env, database, mailer, logger } = deps;
  const limits = { ...defaultAuthRateLimits, ...options.rateLimits };

  // Mail goes out in the background: the answer never waits on SMTP, so its timing says
  // nothing about whether an account exists, and an SMTP failure does not fail the request
  // (the person asks again: sign-in resends the verification link, the reset can be redone).
  // An address that had its e-mails of the hour (decision 049) gets none: the answer is the
  // same, the refusal is only logged (without the address).
  const sendInBackground = (message: MailMessage, kind: string) => {
    const send = async () => {
      const now = deps.now?.() ?? new Date();
      const wait = await database.db.transaction((tx) =>
        takeRecipientSlot(tx, { to: message.to, now, limits: options.mailPerRecipient }),
      );
      if (wait !== null) {
        logger.warn(
          { kind, retryAfterSeconds: wait },
          "auth e-mail not queued: address over its hourly cap",
        );
        return;
      }
      await mailer.send(message);
    };
    void send().catch((error: unknown) => {
      logger.error({ error: describe(error), kind }, "auth e-mail not sent");
    });
  };

  const returnAddressOf = (url: string): string | null => {
    try {
      return new URL(url).searchParams.get("callbackURL");
    } catch {
      return null;
    }
  };

  return betterAuth({
    appName: "Hawl",
    baseURL: env.BASE_URL,
    basePath: "/api/auth",
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [env.BASE_URL],
    database: drizzleAdapter(database.db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor, passkey },
      // sign-up writes user, account and the rest in one transaction
      transaction: true,
    }),
    logger: {
      level: "info",
      log(level, message, ...args) {
        // Only errors are kept, described without their query parameters: Better Auth's other
        // arguments can carry session tokens and e-mail addresses, which never reach the log.
        const errors = args.filter((a): a is Error => a instanceof Error).map(describe);
        const data = errors.length ? { errors } : {};
        const text = `better-auth: ${message}`;
        if (level === "error") logger.error(data, text);
        else if (level === "warn" && !routineWarnings.has(message)) logger.warn(data, text);
        else logger.debug(data, text);
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      // Our rules count code points (hooks.before); Better Auth counts UTF-16 units, in which
      // a password of at most PASSWORD_MAX code points takes up to twice as many.
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: PASSWORD_MAX * 2,
      resetPasswordTokenExpiresIn: resetLinkSeconds,
      revokeSessionsOnPasswordReset: true,
      // The link was used: every session, feed URL, sent invitation and other reset link of
      // the account ends, the address is proven, the account's failed sign-ins are forgotten
      // (decisions 004, 012 and 046).
      async onPasswordReset({ user: target }) {
        await endStandingCredentials(database.db, target.id);
        await markEmailVerified(database.db, target.id);
        // the guesses against the old password no longer hold the owner back
        await clearAccountFailures(database.db, target.email);
      },
      password: {
        hash: (password) => hashPassword(password, env.PASSWORD_HASH_COST),
        verify: verifyPassword,
      },
      // The client's redirectTo (like callbackURL at sign-up) only hints at the language:
      // the link always opens /reset-password in that language.
      async sendResetPassword({ user: target, url, token }, request) {
        const lang = detectLanguage(request?.headers, returnAddressOf(url));
        // a newer link voids the older ones before its mail goes out (decision 046)
        await discardOlderResetLinks(database.db, target.id, token);
        sendInBackground(
          passwordResetEmail({
            lang,
            to: target.email,
            name: target.name,
            url: resetLink(env.BASE_URL, token, lang),
            site: env.BASE_URL,
          }),
          "password-reset",
        );
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // an unverified person who signs in with the right password gets a fresh link
      sendOnSignIn: true,
      // Only the browser that signed up is signed in by the link (decision 012): the after
      // hook below does it when the sign-up binding cookie names the verified account.
      autoSignInAfterVerification: false,
      expiresIn: verificationLinkHours * 3600,
      async sendVerificationEmail({ user: target, url, token }, request) {
        const lang = detectLanguage(request?.headers, returnAddressOf(url));
        sendInBackground(
          verificationEmail({
            lang,
            to: target.email,
            name: target.name,
            url: verificationLink(env.BASE_URL, token, lang),
            expiresInHours: verificationLinkHours,
            site: env.BASE_URL,
          }),
          "verification",
        );
      },
    },
    databaseHooks: {
      user: {
        create: {
          // Runs after the sign-up transaction commits. If it fails the new user is removed
          // again, so a failed sign-up stores nothing and can simply be retried.
          async after(created, ctx) {
            const lang = detectLanguage(
              ctx?.request?.headers ?? ctx?.headers,
              bodyString(ctx?.body, "callbackURL"),
            );
            try {
              await provisionNewAccount(database.db, {
                userId: created.id,
                fullName: created.name,
                language: lang,
              });
            } catch (error) {
              logger.error(
                { error: describe(error), userId: created.id },
                "account provisioning failed",
              );
              await ctx?.context.internalAdapter.deleteUser(created.id).catch(() => {});
              throw error;
            }
          },
        },
      },
    },
    hooks: authHooks(deps, {
      limits: signInFailures,
      notify(kind, to, headers) {
        const lang = detectLanguage(headers, null);
        const message = { lang, to: to.email, name: to.name, site: env.BASE_URL };
        sendInBackground(securityNoticeEmail(kind, message), kind);
      },
    }),
    plugins: secondFactorPlugins(deps),
    session: {
      // Better Auth's cookie cache: the session and user, signed (HMAC) into a second cookie,
      // are trusted for this long without a database read; then read again and re-signed.
      // 0 turns it off (a read on every request).
      cookieCache: {
        enabled: (options.sessionCacheSeconds ?? sessionCacheSeconds) > 0,
        maxAge: options.sessionCacheSeconds ?? sessionCacheSeconds,
      },
    },
    rateLimit: {
      // on in every environment, shared by every instance through the database
      enabled: true,
      storage: "database",
      window: limits.default.window,
      max: limits.default.max,
      customRules: {
        // Every page load asks for the session, and a household or an office shares one
        // address; the session cookie is signed, so there is nothing to guess there.
        "/get-session": false,
        "/sign-in/email": limits.signIn,
        "/sign-up/email": limits.signUp,
        "/request-password-reset": limits.requestPasswordReset,
        "/reset-password": limits.resetPassword,
        "/send-verification-email": limits.sendVerificationEmail,
        "/two-factor/*": limits.twoFactor,
        "/passkey/verify-authentication": limits.signIn,
      },
    },
    advanced: {
      cookiePrefix: "hawl",
      useSecureCookies: env.BASE_URL.startsWith("https://"),
      // the same checks in tests as in production (Better Auth skips them under NODE_ENV=test)
      disableOriginCheck: false,
      disableCSRFCheck: false,
      // authRoutes writes the client address into this header and nowhere else
      ipAddress: { ipAddressHeaders: [clientIpHeader] },
    },
    // Unexpected errors leave the handler (instead of a bare 500 and a console.error), so
    // authRoutes logs them and tells a database outage (503) from a bug (500).
    onAPIError: { throw: true },
    telemetry: { enabled: false },
  });
}

function bodyString(body: unknown, key: string): string | null {
  if (!body || typeof body !== "object") return null;
  const value = (body as Record<string, unknown>)[key];
  return typeof value === "string" ? value : null;
}

/** The link in the verification e-mail: Better Auth verifies, then opens /verify-email. */
export function verificationLink(baseUrl: string, token: string, lang: MailLanguage): string {
  const landing = localizedPath(lang, "/verify-email");
  return `${baseUrl}/api/auth/verify-email?token=${encodeURIComponent(token)}&callbackURL=${encodeURIComponent(landing)}`;
}

/** The link in the reset e-mail: Better Auth checks the token, then opens /reset-password?token=. */
export function resetLink(baseUrl: string, token: string, lang: MailLanguage): string {
  const landing = localizedPath(lang, "/reset-password");
  return `${baseUrl}/api/auth/reset-password/${encodeURIComponent(token)}?callbackURL=${encodeURIComponent(landing)}`;
}

export type BetterAuthInstance = ReturnType<typeof buildBetterAuth>;
export type Auth = BetterAuthInstance & { hawl: AuthSettings };

/** Better Auth configured for Hawl; mount it with authRoutes(auth, deps). */
export function createAuth(deps: AppDeps, options: AuthOptions = {}): Auth {
  const hawl: AuthSettings = {
    signInFailures: { ...defaultSignInLimits, ...options.signInFailures },
    ping: () => deps.database.ping(),
    sessions: createSessionMemo(options.sessionCacheSeconds ?? sessionCacheSeconds),
  };
  return Object.assign(buildBetterAuth(deps, options, hawl.signInFailures), { hawl });
}

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * The signed-in user of a request (its cookie), or null. When the database does not answer it
 * throws AppError UNAVAILABLE (503), never null (401): Better Auth itself would report the
 * outage as a bare 500 FAILED_TO_GET_SESSION.
 */
export async function getSessionUser(
  auth: Auth,
  headers: Headers,
  setCookie?: (cookie: string) => void,
): Promise<SessionUser | null> {
  const remembered = auth.hawl.sessions.get(headers);
  if (remembered) return remembered;
  let answer: Awaited<ReturnType<typeof getSessionWithHeaders>>;
  try {
    answer = await getSessionWithHeaders(auth, headers);
  } catch (error) {
    if (!(await auth.hawl.ping())) throw unavailableError(error);
    throw error;
  }
  // a cookie cache read again from the database is re-signed (or an ended session's cookies
  // are cleared): the browser gets those cookies with the answer
  const cookies = answer.headers.getSetCookie();
  if (setCookie) for (const cookie of cookies) setCookie(cookie);
  const result = answer.response;
  if (!result) return null;
  const { id, email, emailVerified, name } = result.user;
  const found = { id, email, emailVerified, name };
  // Remembered for the cookies this request carried: until their own cache's expiry when
  // Better Auth trusted it, until the re-signed one's when it read the database (a client
  // that keeps its old cookies is not read again on every request, session-memo.ts).
  if (cookies.length === 0) auth.hawl.sessions.set(headers, found);
  else {
    const fresh = signedCacheCookie(cookies);
    if (fresh !== null) auth.hawl.sessions.set(headers, found, fresh);
  }
  return found;
}

function getSessionWithHeaders(auth: Auth, headers: Headers) {
  return auth.api.getSession({ headers, returnHeaders: true });
}

/** The 503 of API.md for a database that does not answer (same text as the app's handler). */
export function unavailableError(cause?: unknown): AppError {
  return new AppError("UNAVAILABLE", "The service is temporarily unavailable. Try again shortly.", {
    headers: { "Retry-After": "5" },
    cause,
  });
}
