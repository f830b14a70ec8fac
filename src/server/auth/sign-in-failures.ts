import { eq, like, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { signInFailures } from "../db/schema.ts";

// Failed sign-ins counted per key in a fixed window that starts at the first failure; at the
// limit every attempt with that key is refused until the window ends, the right password
// included. The keys (table sign_in_failures, column `email` = the key):
// - the account: the lower-cased e-mail, whether an account exists or not (so the limit says
//   nothing about existence). Only requests without a trusted device cookie count and are held;
// - the account from one client address: `<e-mail> from <address>`, the same requests;
// - a trusted device (device-cookie.ts): `device:<id>`, that browser's own attempts only.
// Decision 004.

export interface SignInFailureLimit {
  /** failures allowed in one window */
  max: number;
  /** window length in seconds */
  windowSeconds: number;
}

/** The three limits of authRoutes. */
export interface SignInLimits {
  /** per account, requests without a trusted device cookie (the lockout strangers can fill) */
  account: SignInFailureLimit;
  /** per account and client address, requests without a trusted device cookie */
  accountAddress: SignInFailureLimit;
  /** per trusted device (its cookie's id): the owner's own browser, held only by itself */
  device: SignInFailureLimit;
}

export const defaultSignInLimits: SignInLimits = {
  account: { max: 100, windowSeconds: 3600 },
  accountAddress: { max: 20, windowSeconds: 3600 },
  device: { max: 20, windowSeconds: 3600 },
};

export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

export function accountAddressKey(email: string, address: string): string {
  return `${accountKey(email)} from ${address}`;
}

export function deviceKey(deviceId: string): string {
  return `device:${deviceId}`;
}

/** Seconds until attempts with this key are allowed again, or null below the limit. */
export async function signInBlockedFor(
  db: Db,
  key: string,
  limit: SignInFailureLimit,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select()
    .from(signInFailures)
    .where(eq(signInFailures.email, key))
    .limit(1);
  if (!row || row.count < limit.max) return null;
  const endsAt = row.windowStartedAt.getTime() + limit.windowSeconds * 1000;
  const remainingMs = endsAt - now.getTime();
  return remainingMs > 0 ? Math.max(1, Math.ceil(remainingMs / 1000)) : null;
}

/** Counts one failure, an elapsed window restarting at 1 (one atomic upsert); the new count. */
export async function recordSignInFailure(
  db: Db,
  key: string,
  limit: SignInFailureLimit,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  const expired = sql`${signInFailures.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(signInFailures)
    .values({ email: key, windowStartedAt: now, count: 1 })
    .onConflictDoUpdate({
      target: signInFailures.email,
      set: {
        count: sql`case when ${expired} then 1 else ${signInFailures.count} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${signInFailures.windowStartedAt} end`,
      },
    })
    .returning({ count: signInFailures.count });
  return row?.count ?? 1;
}

/** Drops windows that ended: the table holds at most an hour of attackers' guesses. */
export async function pruneSignInFailures(db: Db, limits: SignInLimits, now: Date): Promise<void> {
  const longest = Math.max(
    limits.account.windowSeconds,
    limits.accountAddress.windowSeconds,
    limits.device.windowSeconds,
  );
  const windowStart = new Date(now.getTime() - longest * 1000);
  await db.delete(signInFailures).where(lt(signInFailures.windowStartedAt, windowStart));
}

/** A completed reset: the account's own counters start again (its devices' stay). */
export async function clearAccountFailures(db: Db, email: string): Promise<void> {
  const key = accountKey(email);
  await db
    .delete(signInFailures)
    .where(
      or(eq(signInFailures.email, key), like(signInFailures.email, `${escapeLike(key)} from %`)),
    );
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A counter of failed attempts and its limit. */
export type SignInCounter = [key: string, limit: SignInFailureLimit];

/**
 * The counters a password or code guess for `email` counts in: a trusted browser's own, else the
 * account's and the account-and-address one (decision 004).
 */
export function signInCounters(
  email: string,
  device: string | null,
  address: string,
  limits: SignInLimits,
): SignInCounter[] {
  return device
    ? [[deviceKey(device), limits.device]]
    : [
        [accountKey(email), limits.account],
        [accountAddressKey(email, address), limits.accountAddress],
      ];
}

/** The longest wait any of `counters` imposes, in seconds; null when none is blocked. */
export async function longestSignInBlock(
  db: Db,
  counters: SignInCounter[],
  now: Date,
): Promise<number | null> {
  let blockedFor: number | null = null;
  for (const [key, limit] of counters) {
    const seconds = await signInBlockedFor(db, key, limit, now);
    if (seconds !== null) blockedFor = Math.max(blockedFor ?? 0, seconds);
  }
  return blockedFor;
}
