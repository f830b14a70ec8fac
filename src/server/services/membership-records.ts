import { createHash, randomBytes } from "node:crypto";
import type { Invitation, Member } from "../../contracts/workspaces.ts";
import type { InvitationRow } from "../db/repositories/invitations.ts";
import type { MemberWithAccount } from "../db/repositories/members.ts";
import { AppError } from "../errors.ts";

// Shared pieces of the member and invitation use cases.

export function toMember(row: MemberWithAccount): Member {
  return {
    id: row.id,
    userId: row.userId,
    email: row.email,
    fullName: row.fullName,
    role: row.role,
    invitedBy: row.invitedBy,
    joinedAt: row.joinedAt.toISOString(),
  };
}

export function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    email: row.email,
    role: row.role,
    status: row.status,
    invitedBy: row.invitedBy,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** 32 random bytes, base64url (43 characters): the secret of the invitation link. */
export function newInvitationToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What is stored of a token: the hex SHA-256 of the token exactly as the link carries it. */
export function hashInvitationToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** The shape of every token newInvitationToken makes; anything else names no invitation. */
export const invitationTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export const memberNotFound = () => new AppError("NOT_FOUND", "Member not found.");

export const invitationNotFound = () =>
  new AppError("INVITATION_NOT_FOUND", "Invitation not found");

export const lastOwner = () =>
  new AppError(
    "LAST_OWNER",
    "A workspace needs at least one owner. Make another member owner first, or delete the workspace.",
  );
