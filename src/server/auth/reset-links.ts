import { and, eq, like, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user, verification } from "../db/schema.ts";

// Better Auth keeps each reset link as a `verification` row: identifier
// `reset-password:<token>` (stored as is: no `verification.storeIdentifier` is configured),
// value = the user's id. It consumes only the link that was used; a completed reset ends the
// others through endStandingCredentials (decisions 004 and 046).

/**
 * A new reset link voids the ones asked for before it (decision 046): only the newest mail
 * works, so a link read in an old mail or by someone with the mailbox earlier is dead. Only
 * older rows go, so two links asked for at once never void each other.
 */
export async function discardOlderResetLinks(db: Db, userId: string, token: string): Promise<void> {
  const newest = sql`(select ${verification.createdAt} from ${verification} where ${verification.identifier} = ${`reset-password:${token}`})`;
  await db
    .delete(verification)
    .where(
      and(
        like(verification.identifier, "reset-password:%"),
        eq(verification.value, userId),
        lt(verification.createdAt, newest),
      ),
    );
}

/**
 * A completed reset proves the person reads the account's mailbox: the address counts as
 * verified from then on (decision 012), so the owner of an address someone else signed up
 * with takes the account over by resetting its password.
 */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db
    .update(user)
    .set({ emailVerified: true, updatedAt: new Date() })
    .where(and(eq(user.id, userId), eq(user.emailVerified, false)));
}
