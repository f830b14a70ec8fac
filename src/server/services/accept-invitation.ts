import { eq } from "drizzle-orm";
import type { AcceptInvitationResponse } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import {
  deleteInvitationsFor,
  findInvitationByTokenHash,
  markInvitationExpired,
} from "../db/repositories/invitations.ts";
import { findMembership, insertMember, lockWorkspace } from "../db/repositories/members.ts";
import { user, workspaces } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { toWorkspace } from "./list-workspaces.ts";
import { hashInvitationToken, invitationTokenPattern } from "./membership-records.ts";

const unknownInvitation = () =>
  new AppError("INVITATION_NOT_FOUND", "Invalid or expired invitation");

/**
 * POST /api/invitations/accept {token} (signed in), spec §5 "Accept invitation":
 *
 * - the token's hash must name a pending invitation (else 404 INVITATION_NOT_FOUND; a used or
 *   cancelled token is gone, so it is unknown too);
 * - not past expires_at at `now` (else the invitation is marked `expired`, spec §4, and 410
 *   INVITATION_EXPIRED; later attempts get 410 as well);
 * - the signed-in account's e-mail must equal the invited one after lower-casing, exactly
 *   (`a+x@…` is not `a@…`): else 403 INVITATION_EMAIL_MISMATCH;
 * - already a member: 409 ALREADY_MEMBER, nothing changes.
 *
 * Then, in one transaction: the membership with the invited role, and every invitation of that
 * workspace and e-mail deleted. Nothing but the `expired` mark is ever written by a refusal.
 */
export async function acceptInvitation(options: {
  db: Db;
  userId: string;
  token: string;
  now: Date;
}): Promise<AcceptInvitationResponse> {
  const { db, userId, token, now } = options;
  if (!invitationTokenPattern.test(token)) throw unknownInvitation();
  const tokenHash = hashInvitationToken(token);

  const outcome = await db.transaction(async (tx) => {
    // locks in the order every membership change takes them: the workspace, then its rows
    const found = await findInvitationByTokenHash(tx, tokenHash);
    if (!found || !(await lockWorkspace(tx, found.workspaceId))) throw unknownInvitation();
    const invitation = await findInvitationByTokenHash(tx, tokenHash, { lock: true });
    if (!invitation || invitation.status === "accepted") throw unknownInvitation();
    if (invitation.status === "expired") return { expired: true as const };
    if (invitation.expiresAt.getTime() <= now.getTime()) {
      await markInvitationExpired(tx, invitation.id);
      return { expired: true as const };
    }

    const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
    if (!account) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
    if (account.email.trim().toLowerCase() !== invitation.email) {
      throw new AppError(
        "INVITATION_EMAIL_MISMATCH",
        "This invitation was sent to a different email address",
      );
    }

    if (await findMembership(tx, invitation.workspaceId, userId)) {
      throw new AppError("ALREADY_MEMBER", "User is already a member of this workspace");
    }
    await insertMember(tx, {
      workspaceId: invitation.workspaceId,
      userId,
      role: invitation.role,
      invitedBy: invitation.invitedBy,
    });
    await deleteInvitationsFor(tx, invitation.workspaceId, invitation.email);
    const [workspace] = await tx
      .select()
      .from(workspaces)
      .where(eq(workspaces.id, invitation.workspaceId));
    return { expired: false as const, workspace: { ...workspace!, role: invitation.role } };
  });

  // the expired mark is committed; the answer is the refusal (spec §4)
  if (outcome.expired) throw new AppError("INVITATION_EXPIRED", "This invitation has expired");

  return { workspace: toWorkspace(outcome.workspace) };
}
