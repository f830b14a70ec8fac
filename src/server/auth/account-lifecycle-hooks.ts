import type { createAuthMiddleware } from "better-auth/api";
import { APIError, getSessionFromCtx, isAPIError } from "better-auth/api";
import { deleteSessionCookie } from "better-auth/cookies";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { account, user } from "../db/schema.ts";
import { languageOfPath, localizedPath } from "./language.ts";
import { endStandingCredentials } from "./standing-credentials.ts";
import { dropUnprovenPassword } from "./unverified-accounts.ts";

// Decision 046, the parts of auth-hooks.ts about an account's lifecycle: "sign out everywhere"
// (Better Auth's POST /api/auth/revoke-sessions) ends what a reset ends, and a verification
// link opened by a browser that did not choose the password lands on "choose your password".

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose sessions a /revoke-sessions request ends, noted before Better Auth deletes them. */
const signingOutEverywhere = new WeakMap<Request, string>();

export async function beforeSignOutEverywhere(ctx: HookContext): Promise<void> {
  const current = await getSessionFromCtx(ctx).catch(() => null);
  // an unverified account's session is no session for Hawl (requireSession)
  if (current && !current.user.emailVerified) {
    throw APIError.from("UNAUTHORIZED", { code: "UNAUTHORIZED", message: "Unauthorized" });
  }
  if (current && ctx.request) signingOutEverywhere.set(ctx.request, current.user.id);
}

/**
 * Better Auth ended every session: the account's feed URLs, sent invitations and reset links
 * end too, and this browser's cookies are cleared (its signed cache cookie would otherwise
 * keep passing for the cache's window, decision 018).
 */
export async function afterSignOutEverywhere(ctx: HookContext, db: Db): Promise<void> {
  const userId = ctx.request ? signingOutEverywhere.get(ctx.request) : undefined;
  if (!userId || isAPIError(ctx.context.returned)) return;
  await endStandingCredentials(db, userId);
  deleteSessionCookie(ctx);
}

/**
 * The address was verified by a browser without the sign-up's binding: the password goes and
 * the opener is sent to choose theirs, `/reset-password?token=…&verified=1` in the link's
 * language (the reset link's hour).
 */
export async function unprovenPasswordLanding(
  ctx: HookContext,
  db: Db,
  userId: string,
): Promise<string> {
  const seconds = ctx.context.options.emailAndPassword?.resetPasswordTokenExpiresIn ?? 3600;
  const token = await dropUnprovenPassword(db, userId, seconds);
  const callbackURL: unknown = ctx.query?.callbackURL;
  const lang = languageOfPath(typeof callbackURL === "string" ? callbackURL : null) ?? "en";
  return `${localizedPath(lang, "/reset-password")}?token=${encodeURIComponent(token)}&verified=1`;
}

/**
 * For a valid link of a verified account without a password (dropped when another browser
 * verified it): the same landing, so its opener, who reads the mailbox, chooses one. null when
 * the account has a password.
 */
export async function passwordlessLanding(
  ctx: HookContext,
  db: Db,
  address: string,
): Promise<string | null> {
  const [credential] = await db
    .select({ userId: account.userId, password: account.password })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(user.email, address), eq(account.providerId, "credential")));
  if (!credential || credential.password !== null) return null;
  return unprovenPasswordLanding(ctx, db, credential.userId);
}
