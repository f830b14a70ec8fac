import { z } from "zod";
import { trimmedName } from "./common.ts";
import { languages } from "../domain/language.ts";
import { invitationStatuses, workspaceRoles } from "../domain/workspaces.ts";

export const workspaceRoleSchema = z.enum(workspaceRoles);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

export const workspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: workspaceRoleSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListSchema = z.array(workspaceSchema);

export const createWorkspaceRequestSchema = z.object({ name: trimmedName(100) }).strict();
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;

// ---- Settings, members and invitations (API.md "workspaces", "members", "invitations").

export const renameWorkspaceRequestSchema = z.object({ name: trimmedName(100) }).strict();
export type RenameWorkspaceRequest = z.infer<typeof renameWorkspaceRequestSchema>;

/** A member of a workspace, with the account's e-mail and the profile's full name. */
export const memberSchema = z.object({
  id: z.uuid(),
  userId: z.string(),
  email: z.string(),
  fullName: z.string().nullable(),
  role: workspaceRoleSchema,
  /** who added or invited them; null for the creator or when that account is gone */
  invitedBy: z.string().nullable(),
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListSchema = z.array(memberSchema);

/** PATCH …/members/:memberId: owners promote members; an owner can only demote themselves. */
export const updateMemberRequestSchema = z.object({ role: workspaceRoleSchema }).strict();
export type UpdateMemberRequest = z.infer<typeof updateMemberRequestSchema>;

export const invitationStatusSchema = z.enum(invitationStatuses);
export type InvitationStatus = z.infer<typeof invitationStatusSchema>;

/** An invitation as owners see it; the token is never part of it (only its hash is stored). */
export const invitationSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  email: z.string(),
  role: workspaceRoleSchema,
  status: invitationStatusSchema,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.array(invitationSchema);

/** The languages of e-mails and pages. */
export const mailLanguageSchema = z.enum(languages);

/** Days an invitation stays valid (spec §9). */
export const invitationValidityDays = 7;

/**
 * POST …/invitations. The e-mail is trimmed and lower-cased (compared exactly after that: no
 * `+tag` or dot folding). The e-mail and the link's page prefix are in the invitee's language
 * when the address has an account that has one; otherwise `language` (the inviter's page),
 * without it the request's `x-hawl-language`, then `Accept-Language`, then English.
 */
export const inviteRequestSchema = z
  .object({
    email: z.string().trim().toLowerCase().pipe(z.email("invalid_email").max(254, "too_long")),
    role: workspaceRoleSchema.default("member"),
    language: mailLanguageSchema.optional(),
  })
  .strict();
export type InviteRequest = z.input<typeof inviteRequestSchema>;

/**
 * 201, the same whether or not the address has an account (issue 10, decision 009): an
 * invitation is stored and e-mailed with its link; nobody joins before accepting it.
 * `emailSent: false`: the e-mail could not be sent; the invitation stays (spec §8: 'Invitation
 * created but email notification failed to send').
 */
export const inviteResponseSchema = z.object({
  invitation: invitationSchema,
  emailSent: z.boolean(),
});
export type InviteResponse = z.infer<typeof inviteResponseSchema>;

/**
 * Invitations sent per hour, counted per workspace and per inviting owner over all their
 * workspaces; cancelling one gives nothing back. Beyond: 429 RATE_LIMITED with Retry-After.
 */
export const invitationRateLimits = { windowSeconds: 3600, perWorkspace: 10, perOwner: 20 };
export type InvitationRateLimits = typeof invitationRateLimits;

/**
 * GET /api/invitations: a pending invitation addressed to the signed-in account's (verified)
 * e-mail, as the invitee sees it on the dashboard.
 */
export const receivedInvitationSchema = z.object({
  id: z.uuid(),
  workspaceId: z.uuid(),
  workspaceName: z.string(),
  role: workspaceRoleSchema,
  /** the inviting owner; null when that account is gone */
  inviter: z.object({ name: z.string().nullable(), email: z.string() }).nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});
export type ReceivedInvitation = z.infer<typeof receivedInvitationSchema>;

export const receivedInvitationListSchema = z.array(receivedInvitationSchema);

/** POST /api/invitations/accept: the token from the link `/accept-invitation?token=…`. */
export const acceptInvitationRequestSchema = z
  .object({ token: z.string().min(1, "required").max(512, "too_long") })
  .strict();
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequestSchema>;

/** GET /api/invitations/preview?token=…: what a signed-out invitee may see (issue 11). */
export const invitationPreviewQuerySchema = z
  .object({ token: z.string().min(1, "required").max(512, "too_long") })
  .strict();

export const invitationPreviewSchema = z.object({
  workspaceName: z.string(),
  role: workspaceRoleSchema,
  /** the inviting owner's name; null when unknown or the account is gone */
  inviterName: z.string().nullable(),
  expiresAt: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** `alreadyMember`: the link was used already and the caller is a member (issue 11). */
export const acceptInvitationResponseSchema = z.object({
  workspace: workspaceSchema,
  alreadyMember: z.boolean().optional(),
});
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
