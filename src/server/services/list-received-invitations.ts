import { eq } from "drizzle-orm";
import type { ReceivedInvitation } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import { listLiveInvitationsTo } from "../db/repositories/invitations.ts";
import { user } from "../db/schema.ts";

/**
 * GET /api/invitations (signed in, issue 10): the pending invitations not yet past their expiry
 * addressed to the account's e-mail (verified: an unverified account has no session), oldest
 * first, with the workspace's name and who invited. The dashboard shows them to accept or
 * decline.
 */
export async function listReceivedInvitations(options: {
  db: Db;
  userId: string;
  now: Date;
}): Promise<ReceivedInvitation[]> {
  const { db, userId, now } = options;
  const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!account) return [];
  const rows = await listLiveInvitationsTo(db, account.email.trim().toLowerCase(), now);
  return rows.map((row) => ({
    id: row.id,
    workspaceId: row.workspaceId,
    workspaceName: row.workspaceName,
    role: row.role,
    inviter:
      row.inviterEmail === null
        ? null
        : {
            email: row.inviterEmail,
            name: row.inviterProfileName?.trim() || row.inviterName?.trim() || null,
          },
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}
