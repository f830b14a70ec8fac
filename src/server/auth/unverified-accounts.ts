import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { account, user, verification, workspaceMembers, workspaces } from "../db/schema.ts";
import { endStandingCredentialsIn } from "./standing-credentials.ts";

// Decision 046: verifying an address never keeps a password its owner did not set. An
// unverified account's password was chosen by whoever signed up, and the verification link
// proves only that its opener reads the mailbox; the sign-up binding (decision 012) proves that
// the opener's browser also chose the password. An unverified account never had a session, so
// it holds nothing but what provisioning made: it can be replaced or its password dropped.

/**
 * A sign-up with the address of an unverified account replaces it: the account (its sessions,
 * password, profile, links) and the workspaces it alone belongs to are deleted, in one
 * transaction, so Better Auth creates the new one, mails its link and binds this browser to it.
 * A verified account is left alone (Better Auth answers as for a new address and sends nothing).
 */
export async function replaceUnverifiedAccount(db: Db, email: string): Promise<boolean> {
  const address = email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(user.email, address), eq(user.emailVerified, false)))
      .for("update");
    if (!found) return false;
    // only its provisioned workspace: an account without a session never joined another one
    const alone = await tx
      .select({ id: workspaceMembers.workspaceId })
      .from(workspaceMembers)
      .where(
        and(
          eq(workspaceMembers.userId, found.id),
          sql`not exists (select 1 from ${workspaceMembers} other
                where other.workspace_id = ${workspaceMembers.workspaceId}
                and other.user_id <> ${found.id})`,
        ),
      );
    if (alone.length > 0) {
      await tx.delete(workspaces).where(
        inArray(
          workspaces.id,
          alone.map((w) => w.id),
        ),
      );
    }
    await endStandingCredentialsIn(tx, found.id);
    await tx.delete(user).where(eq(user.id, found.id));
    return true;
  });
}

/**
 * The address was just verified by a browser that did not choose the password: the password
 * is dropped, whatever the account's sessions left ends, and the link's opener gets a reset
 * token to choose their own (the verified link proved the mailbox, as a reset link does).
 */
export async function dropUnprovenPassword(
  db: Db,
  userId: string,
  resetSeconds: number,
): Promise<string> {
  const token = randomBytes(18).toString("base64url");
  await db.transaction(async (tx) => {
    await tx
      .update(account)
      .set({ password: null, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
    await endStandingCredentialsIn(tx, userId);
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + resetSeconds * 1000),
    });
  });
  return token;
}
