import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { signInFailures } from "../db/schema.ts";

// Failed sign-ins per account (the lower-cased e-mail, whether an account exists or not, so
// the limit says nothing about existence), in a fixed window that starts at the first failure.
// At the limit every attempt is refused until the window ends, the right password included.

export interface SignInFailureLimit {
  /** failures allowed in one window */
  max: number;
  /** window length in seconds */
  windowSeconds: number;
}

export const defaultSignInFailureLimit: SignInFailureLimit = { max: 100, windowSeconds: 3600 };

export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Seconds until attempts are allowed again, or null when the account is below the limit. */
export async function signInBlockedFor(
  db: Db,
  email: string,
  limit: SignInFailureLimit,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .select()
    .from(signInFailures)
    .where(eq(signInFailures.email, accountKey(email)))
    .limit(1);
  if (!row || row.count < limit.max) return null;
  const endsAt = row.windowStartedAt.getTime() + limit.windowSeconds * 1000;
  const remainingMs = endsAt - now.getTime();
  return remainingMs > 0 ? Math.max(1, Math.ceil(remainingMs / 1000)) : null;
}

/** Counts one failure, an elapsed window restarting at 1 (one atomic upsert); the new count. */
export async function recordSignInFailure(
  db: Db,
  email: string,
  limit: SignInFailureLimit,
  now: Date,
): Promise<number> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  const expired = sql`${signInFailures.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
  const [row] = await db
    .insert(signInFailures)
    .values({ email: accountKey(email), windowStartedAt: now, count: 1 })
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
export async function pruneSignInFailures(
  db: Db,
  limit: SignInFailureLimit,
  now: Date,
): Promise<void> {
  const windowStart = new Date(now.getTime() - limit.windowSeconds * 1000);
  await db.delete(signInFailures).where(lt(signInFailures.windowStartedAt, windowStart));
}
