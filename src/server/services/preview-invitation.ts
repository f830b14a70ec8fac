import type { InvitationPreview } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import { findLiveInvitationByTokenHash } from "../db/repositories/invitations.ts";
import { AppError } from "../errors.ts";
import { hashInvitationToken, invitationTokenPattern } from "./membership-records.ts";

/**
 * GET /api/invitations/preview?token=… (anyone, issue 11): a signed-out invitee who opens the
 * e-mail's link sees which workspace invited them and by whom before signing up or in. Only
 * the holder of the 32-byte token learns anything, and only what the e-mail already told
 * them; a used, cancelled, expired or unknown token is 404 INVITATION_NOT_FOUND alike.
 */
export async function previewInvitation(options: {
  db: Db;
  token: string;
  now: Date;
}): Promise<InvitationPreview> {
  const { db, token, now } = options;
  const unknown = new AppError("INVITATION_NOT_FOUND", "Invalid or expired invitation");
  if (!invitationTokenPattern.test(token)) throw unknown;
  const row = await findLiveInvitationByTokenHash(db, hashInvitationToken(token), now);
  if (!row) throw unknown;
  return {
    workspaceName: row.workspaceName,
    role: row.role,
    inviterName: row.inviterProfileName?.trim() || row.inviterName?.trim() || null,
    expiresAt: row.expiresAt.toISOString(),
  };
}
