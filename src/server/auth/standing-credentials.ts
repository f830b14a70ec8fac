import { and, eq, like } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import type { Tx } from "../db/repositories/executor.ts";
import { calendarFeeds, session, verification, workspaceInvitations } from "../db/schema.ts";

// Decision 046: a recovered account keeps nothing its old sessions made. A password reset and
// "sign out everywhere" end, besides the sessions, every credential that works without one and
// that a session could have made or asked for: the calendar feed URLs the account created
// (bearer links that served the workspace to whoever held them), the pending invitations it
// sent (an invitation lets its address join) and the outstanding reset links; and the browsers
// trusted to skip the two-factor code (decision 071), so a reset never skips the second factor.

/** Ends the account's sessions, feed URLs, pending sent invitations and reset links, at once. */
export async function endStandingCredentials(db: Db, userId: string): Promise<void> {
  await db.transaction((tx) => endStandingCredentialsIn(tx, userId));
}

/** endStandingCredentials inside the caller's transaction. */
export async function endStandingCredentialsIn(tx: Tx, userId: string): Promise<void> {
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(calendarFeeds).where(eq(calendarFeeds.createdBy, userId));
  await tx
    .delete(workspaceInvitations)
    .where(
      and(eq(workspaceInvitations.invitedBy, userId), eq(workspaceInvitations.status, "pending")),
    );
  await tx
    .delete(verification)
    .where(and(like(verification.identifier, "reset-password:%"), eq(verification.value, userId)));
  await tx
    .delete(verification)
    .where(and(like(verification.identifier, "trust-device-%"), eq(verification.value, userId)));
}
