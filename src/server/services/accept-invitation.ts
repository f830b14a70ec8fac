import { eq } from "drizzle-orm";
import { uuidPattern } from "../../contracts/calculations.ts";
import type { AcceptInvitationResponse } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import type { Tx } from "../db/repositories/executor.ts";
import {
  deleteInvitationsFor,
  findInvitationByTokenHash,
  findPendingInvitationTo,
  keepOnlyAcceptedInvitation,
  markInvitationExpired,
  type InvitationRow,
} from "../db/repositories/invitations.ts";
import { findMembership, insertMember, lockWorkspace } from "../db/repositories/members.ts";
import { user, workspaces } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { toWorkspace } from "./list-workspaces.ts";
import { hashInvitationToken, invitationTokenPattern } from "./membership-records.ts";

const unknownInvitation = () =>
  new AppError("INVITATION_NOT_FOUND", "Invalid or expired invitation");

/**
 * POST /api/invitations/accept {token} (signed in), spec §5 "Accept invitation":
 *
 * - the token's hash must name a pending invitation (else 404 INVITATION_NOT_FOUND; a cancelled
 *   or declined token is gone, so it is unknown too);
 * - a used (accepted) token opened again by a member of its workspace: 200 with the workspace
 *   and `alreadyMember: true`, nothing changes (issue 11); to anyone else it is unknown (404);
 * - not past expires_at at `now` (else the invitation is marked `expired`, spec §4, and 410
 *   INVITATION_EXPIRED; later attempts get 410 as well);
 * - the signed-in account's e-mail must equal the invited one after lower-casing, exactly
 *   (`a+x@…` is not `a@…`): else 403 INVITATION_EMAIL_MISMATCH;
 * - already a member: 409 ALREADY_MEMBER, nothing changes.
 *
 * Then, in one transaction: the membership with the invited role, the invitation marked
 * `accepted` and every other invitation of that workspace and e-mail deleted. Nothing but the `expired` mark is ever written by a refusal.
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
    if (!invitation) throw unknownInvitation();
    if (invitation.status === "accepted") {
      const membership = await findMembership(tx, invitation.workspaceId, userId);
      if (!membership) throw unknownInvitation();
      const [workspace] = await tx
        .select()
        .from(workspaces)
        .where(eq(workspaces.id, invitation.workspaceId));
      return {
        expired: false as const,
        alreadyMember: true,
        workspace: { ...workspace!, role: membership.role },
      };
    }
    if (invitation.status === "expired") return { expired: true as const };
    if (invitation.expiresAt.getTime() <= now.getTime()) {
      await markInvitationExpired(tx, invitation.id);
      return { expired: true as const };
    }

    const email = await emailOf(tx, userId);
    if (email !== invitation.email) {
      throw new AppError(
        "INVITATION_EMAIL_MISMATCH",
        "This invitation was sent to a different email address",
      );
    }
    return join(tx, invitation, userId);
  });

  // the expired mark is committed; the answer is the refusal (spec §4)
  if (outcome.expired) throw new AppError("INVITATION_EXPIRED", "This invitation has expired");

  const workspace = toWorkspace(outcome.workspace);
  return "alreadyMember" in outcome ? { workspace, alreadyMember: true } : { workspace };
}

/** The signed-in account's e-mail as invitations store theirs (trimmed, lower-cased). */
async function emailOf(tx: Tx, userId: string): Promise<string> {
  const [account] = await tx.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!account) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  return account.email.trim().toLowerCase();
}

/**
 * The membership with the invited role, the invitation kept as `accepted` and every other of
 * that workspace and e-mail deleted; the caller holds the workspace's lock and the invitation's row.
 */
async function join(tx: Tx, invitation: InvitationRow, userId: string) {
  if (await findMembership(tx, invitation.workspaceId, userId)) {
    throw new AppError("ALREADY_MEMBER", "User is already a member of this workspace");
  }
  await insertMember(tx, {
    workspaceId: invitation.workspaceId,
    userId,
    role: invitation.role,
    invitedBy: invitation.invitedBy,
  });
  await keepOnlyAcceptedInvitation(tx, invitation);
  const [workspace] = await tx
    .select()
    .from(workspaces)
    .where(eq(workspaces.id, invitation.workspaceId));
  return { expired: false as const, workspace: { ...workspace!, role: invitation.role } };
}

/**
 * The invitee's pending invitation of this id, locked with its workspace (in the order every
 * membership change takes them), or 404 INVITATION_NOT_FOUND: an invitation addressed to
 * someone else is answered exactly as an id that does not exist.
 */
async function lockOwnInvitation(tx: Tx, userId: string, rawId: string): Promise<InvitationRow> {
  const id = rawId.toLowerCase();
  if (!uuidPattern.test(id)) throw unknownInvitation();
  const email = await emailOf(tx, userId);
  const found = await findPendingInvitationTo(tx, id, email);
  if (!found || !(await lockWorkspace(tx, found.workspaceId))) throw unknownInvitation();
  const invitation = await findPendingInvitationTo(tx, id, email, { lock: true });
  if (!invitation) throw unknownInvitation();
  return invitation;
}

/**
 * POST /api/invitations/:id/accept (signed in, issue 10): the dashboard's accept, for an
 * account whose (verified) e-mail the invitation was sent to. The same rules as the token's
 * path: past its expiry it is marked expired and answers 410 INVITATION_EXPIRED; already a
 * member 409 ALREADY_MEMBER; anyone else's or an unknown id 404 INVITATION_NOT_FOUND.
 */
export async function acceptInvitationById(options: {
  db: Db;
  userId: string;
  id: string;
  now: Date;
}): Promise<AcceptInvitationResponse> {
  const { db, userId, now } = options;
  const outcome = await db.transaction(async (tx) => {
    const invitation = await lockOwnInvitation(tx, userId, options.id);
    if (invitation.expiresAt.getTime() <= now.getTime()) {
      await markInvitationExpired(tx, invitation.id);
      return { expired: true as const };
    }
    return join(tx, invitation, userId);
  });
  if (outcome.expired) throw new AppError("INVITATION_EXPIRED", "This invitation has expired");
  return { workspace: toWorkspace(outcome.workspace) };
}

/**
 * POST /api/invitations/:id/decline (signed in, issue 10): the invitee says no. The invitation,
 * and every other of that workspace and e-mail, is deleted: its link stops working and the
 * owner no longer sees it. Anyone else's or an unknown id: 404 INVITATION_NOT_FOUND.
 */
export async function declineInvitation(options: {
  db: Db;
  userId: string;
  id: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const invitation = await lockOwnInvitation(tx, options.userId, options.id);
    await deleteInvitationsFor(tx, invitation.workspaceId, invitation.email);
  });
}
