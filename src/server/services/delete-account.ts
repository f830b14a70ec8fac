import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { verifyPassword } from "../auth/password.ts";
import {
  recordSignInFailure,
  signInBlockedFor,
  type SignInFailureLimit,
} from "../auth/sign-in-failures.ts";
import { cancelSubscriptionsOf } from "../billing/cancel-subscriptions.ts";
import type { Billing } from "../billing/stripe.ts";
import type { Db } from "../db/client.ts";
import { findBillingAccount } from "../db/repositories/billing.ts";
import { lockWorkspace } from "../db/repositories/members.ts";
import {
  account,
  signInFailures,
  user,
  verification,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
} from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { purgeMailTo } from "../mail/mail-queue.ts";

/**
 * Wrong passwords on DELETE /api/me per account, counted like failed sign-ins (decision 004):
 * a stolen session must not become a way to guess the password without limit.
 */
export const deleteAccountPasswordLimit: SignInFailureLimit = { max: 10, windowSeconds: 3600 };

function guessKey(userId: string): string {
  return `delete-account:${userId}`;
}

export interface DeletedAccount {
  /** the workspaces deleted with everything in them (the account was their only owner) */
  deletedWorkspaces: number;
  /** the workspaces left, where another owner remains */
  leftWorkspaces: number;
}

/**
 * DELETE /api/me (issue 10, GDPR article 17). The password must be the account's, else 403
 * PASSWORD_INCORRECT and nothing changes; beyond 10 wrong ones an hour, 429 RATE_LIMITED. Then,
 * in one transaction: every workspace where the account is the only owner is deleted with
 * everything in it (its other members lose it too); pending invitations sent by the account or
 * to its address are deleted; the account goes with its sessions, sign-in methods, profile,
 * memberships and embed configurations (ON DELETE CASCADE), its reset links and sign-in failure
 * counts, and the mail jobs addressed to it (their links). In the workspaces other owners keep,
 * what the account wrote stays, without its name (user_id set null). Before that, the account's
 * Stripe subscriptions are cancelled (decision 048): Stripe unreachable is 503 UNAVAILABLE and
 * nothing is deleted, so nobody goes on paying for an account that is gone.
 */
export async function deleteAccount(options: {
  db: Db;
  /** null: online payment not configured (a subscription left from before is the operator's) */
  billing: Billing | null;
  userId: string;
  password: string;
  now?: Date;
}): Promise<DeletedAccount> {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  const blockedFor = await signInBlockedFor(db, guessKey(userId), deleteAccountPasswordLimit, now);
  if (blockedFor !== null) {
    throw new AppError("RATE_LIMITED", "Too many wrong passwords. Try again later.", {
      headers: { "Retry-After": String(blockedFor) },
    });
  }
  const [credential] = await db
    .select({ hash: account.password, email: user.email })
    .from(account)
    .innerJoin(user, eq(user.id, account.userId))
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  const passwordMatches =
    !!credential?.hash &&
    (await verifyPassword({ hash: credential.hash, password: options.password }));
  if (!credential || !passwordMatches) {
    await recordSignInFailure(db, guessKey(userId), deleteAccountPasswordLimit, now);
    throw new AppError("PASSWORD_INCORRECT", "The password is not this account's.", {
      fields: { password: "incorrect" },
    });
  }
  const email = credential.email.toLowerCase();

  const billed = options.billing ? await findBillingAccount(db, userId) : null;
  if (billed) await cancelSubscriptionsOf(options.billing!, billed.stripeCustomerId);

  return db.transaction(async (tx) => {
    const owned = await tx
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, "owner")))
      .orderBy(asc(workspaceMembers.workspaceId));
    const soleOwned: string[] = [];
    for (const { id } of owned) {
      // the same lock as every membership change: no owner is added or removed meanwhile
      if (!(await lockWorkspace(tx, id))) continue;
      const [other] = await tx
        .select({ id: workspaceMembers.id })
        .from(workspaceMembers)
        .where(
          and(
            eq(workspaceMembers.workspaceId, id),
            eq(workspaceMembers.role, "owner"),
            ne(workspaceMembers.userId, userId),
          ),
        )
        .limit(1);
      if (!other) soleOwned.push(id);
    }
    const memberships = await tx
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, userId));

    if (soleOwned.length > 0) await tx.delete(workspaces).where(inArray(workspaces.id, soleOwned));
    await tx
      .delete(workspaceInvitations)
      .where(
        or(
          eq(workspaceInvitations.invitedBy, userId),
          sql`lower(${workspaceInvitations.email}) = ${email}`,
        ),
      );
    await tx
      .delete(verification)
      .where(or(eq(verification.value, userId), eq(verification.identifier, email)));
    await tx.delete(signInFailures).where(inArray(signInFailures.email, [email, guessKey(userId)]));
    await purgeMailTo(tx, email);
    // sessions, account (password), profile, memberships, embed configurations: ON DELETE CASCADE
    const deleted = await tx.delete(user).where(eq(user.id, userId)).returning({ id: user.id });
    if (deleted.length === 0) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
    return {
      deletedWorkspaces: soleOwned.length,
      leftWorkspaces: memberships.length - soleOwned.length,
    };
  });
}
