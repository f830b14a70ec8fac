import { createHmac, timingSafeEqual } from "node:crypto";
import { APIError, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { createAuthMiddleware } from "better-auth/api";
import { symmetricDecrypt } from "better-auth/crypto";
import type { AppDeps } from "../deps.ts";
import { clientIpHeader } from "./client-ip.ts";
import { trustedDeviceId } from "./device-cookie.ts";
import {
  pruneSignInFailures,
  recordSignInFailure,
  type SignInLimits,
  longestSignInBlock,
  signInCounters,
  type SignInCounter,
} from "./sign-in-failures.ts";

// What Hawl adds around Better Auth's twoFactor and passkey endpoints (decision 071):
// - every code or password guessed on them counts in the sign-in budget of decision 004: per
//   account and client address plus the account's lockout, or only the browser's own limit
//   when it holds the account's device cookie;
// - turning two-factor off takes a code (or a backup code) besides the password;
// - the account's address is told when two-factor is turned on or off and a passkey is added.

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

export type SecurityNotice = "twoFactorOn" | "twoFactorOff" | "passkeyAdded";

export interface SecondFactorHookOptions {
  limits: SignInLimits;
  notify(kind: SecurityNotice, to: { email: string; name: string }, headers?: Headers): void;
}

/** The paths where a wrong code or password is a guess, with the answers that say "wrong". */
const guessPaths = new Map<string, Set<string>>([
  ["/two-factor/verify-totp", new Set(["INVALID_CODE"])],
  ["/two-factor/verify-backup-code", new Set(["INVALID_BACKUP_CODE", "INVALID_CODE"])],
  ["/two-factor/enable", new Set(["INVALID_PASSWORD"])],
  ["/two-factor/disable", new Set(["INVALID_PASSWORD", "INVALID_CODE"])],
  ["/two-factor/generate-backup-codes", new Set(["INVALID_PASSWORD"])],
]);

/** Passkey sign-in: anyone, signed in or not. */
const passkeySignInPaths = new Set([
  "/passkey/generate-authenticate-options",
  "/passkey/verify-authentication",
]);

interface Attempt {
  email: string;
  name: string;
  counters: SignInCounter[];
  /** a signed-in account confirming its authenticator for the first time */
  enrolling: boolean;
}

const attempts = new WeakMap<object, Attempt>();

export function secondFactorHooks(
  { env, database, now: clock }: Pick<AppDeps, "env" | "database" | "now">,
  options: SecondFactorHookOptions,
) {
  const https = env.BASE_URL.startsWith("https://");
  const now = () => clock?.() ?? new Date();
  const { limits } = options;

  const recordGuess = async (counters: SignInCounter[]) => {
    let first = false;
    for (const [key, limit] of counters) {
      if ((await recordSignInFailure(database.db, key, limit, now())) === 1) first = true;
    }
    if (first) await pruneSignInFailures(database.db, limits, now());
  };

  /** Who is guessing: the signed-in account, or the one half-way through signing in. */
  const guesser = async (ctx: HookContext) => {
    const current = await getSessionFromCtx(ctx).catch(() => null);
    if (current)
      return {
        user: current.user as typeof current.user & { twoFactorEnabled?: boolean },
        signedIn: true,
      };
    const cookie = ctx.context.createAuthCookie("two_factor");
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    if (!identifier) return null;
    const pending = await ctx.context.internalAdapter.findVerificationValue(identifier);
    const found = pending ? await ctx.context.internalAdapter.findUserById(pending.value) : null;
    return found
      ? { user: found as typeof found & { twoFactorEnabled?: boolean }, signedIn: false }
      : null;
  };

  return {
    async before(ctx: HookContext): Promise<void> {
      const factorPath = ctx.path.startsWith("/two-factor/") || ctx.path.startsWith("/passkey/");
      if (!factorPath || passkeySignInPaths.has(ctx.path) || !ctx.request) return;
      const who = await guesser(ctx);
      // Like every other route of Hawl, these take no session of an unverified address (an
      // account made unverified again keeps its old sessions until they end).
      if (who?.signedIn && !who.user.emailVerified) {
        throw APIError.from("UNAUTHORIZED", { code: "UNAUTHORIZED", message: "Unauthorized" });
      }
      if (!guessPaths.has(ctx.path) || !who) return; // no account: Better Auth answers 401
      const email = who.user.email;
      const headers = ctx.headers ?? ctx.request.headers;
      const device = trustedDeviceId(headers.get("cookie"), https, env.BETTER_AUTH_SECRET, email);
      const address = headers.get(clientIpHeader) ?? "unknown";
      const counters = signInCounters(email, device, address, limits);
      const blockedFor = await longestSignInBlock(database.db, counters, now());
      if (blockedFor !== null) {
        throw new APIError(
          "TOO_MANY_REQUESTS",
          { code: "RATE_LIMITED", message: "Too many failed attempts. Please try again later." },
          { "X-Retry-After": String(blockedFor) },
        );
      }
      attempts.set(ctx.request, {
        email,
        name: who.user.name,
        counters,
        enrolling: who.signedIn && who.user.twoFactorEnabled !== true,
      });
      if (ctx.path === "/two-factor/disable" && !(await codeForDisable(ctx, who.user.id))) {
        await recordGuess(counters);
        throw APIError.from("UNAUTHORIZED", { code: "INVALID_CODE", message: "Invalid code" });
      }
    },

    async after(ctx: HookContext): Promise<void> {
      const returned: unknown = ctx.context.returned;
      const failed = returned instanceof Error || isAPIError(returned);
      const attempt = ctx.request ? attempts.get(ctx.request) : undefined;
      const wrongAnswers = guessPaths.get(ctx.path);
      if (attempt && wrongAnswers && failed) {
        const code = isAPIError(returned) ? (returned.body?.code as string | undefined) : undefined;
        if (code && wrongAnswers.has(code)) await recordGuess(attempt.counters);
        return;
      }
      if (failed) return;
      const to = attempt ?? sessionUser(ctx);
      if (!to) return;
      const headers = ctx.request?.headers ?? ctx.headers;
      if (ctx.path === "/two-factor/verify-totp" && attempt?.enrolling) {
        options.notify("twoFactorOn", to, headers);
      } else if (ctx.path === "/two-factor/disable") {
        options.notify("twoFactorOff", to, headers);
      } else if (ctx.path === "/passkey/verify-registration") {
        options.notify("passkeyAdded", to, headers);
      }
    },
  };
}

function sessionUser(ctx: HookContext): { email: string; name: string } | null {
  const user = ctx.context.session?.user;
  return user ? { email: user.email, name: user.name } : null;
}

/**
 * Turning two-factor off takes a current code from the authenticator or one of the backup
 * codes, besides the password Better Auth checks: a stolen session with a known password does
 * not remove the second factor.
 */
async function codeForDisable(ctx: HookContext, userId: string): Promise<boolean> {
  const code = typeof ctx.body?.code === "string" ? ctx.body.code.trim() : "";
  const row = await ctx.context.adapter.findOne<{ secret: string; backupCodes: string }>({
    model: "twoFactor",
    where: [{ field: "userId", value: userId }],
  });
  if (!row) return true; // Better Auth turns off what is not on
  const key = ctx.context.secretConfig;
  const secret = await symmetricDecrypt({ key, data: row.secret });
  let valid = /^\d{6}$/.test(code) && totpMatches(secret, code, Date.now());
  if (!valid && code.length > 0) {
    const backup: unknown = JSON.parse(await symmetricDecrypt({ key, data: row.backupCodes }));
    valid = Array.isArray(backup) && backup.includes(code);
  }
  return valid;
}

/** RFC 6238 with Better Auth's settings: SHA-1, 6 digits, 30 s, one step either side. */
export function totpMatches(secret: string, code: string, atMs: number): boolean {
  const step = Math.floor(atMs / 30_000);
  let matched = false;
  for (const counter of [step - 1, step, step + 1]) {
    const buffer = Buffer.alloc(8);
    buffer.writeBigUInt64BE(BigInt(counter));
    const mac = createHmac("sha1", secret).update(buffer).digest();
    const offset = mac[mac.length - 1]! & 15;
    const value = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
    const expected = Buffer.from(value.toString().padStart(6, "0"));
    if (timingSafeEqual(expected, Buffer.from(code.padStart(6, "0").slice(0, 6)))) matched = true;
  }
  return matched;
}
