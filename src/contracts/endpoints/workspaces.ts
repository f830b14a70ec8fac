import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  invitationListSchema,
  invitationPreviewQuerySchema,
  invitationPreviewSchema,
  receivedInvitationListSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  memberListSchema,
  memberSchema,
  renameWorkspaceRequestSchema,
  updateMemberRequestSchema,
  workspaceSchema,
} from "../workspaces.ts";
import { endpoint } from "./types.ts";

// Members, roles and invitations (API.md "workspaces", "members", "invitations"; issue 5). Every
// {ws} route answers 404 to non-members; owner routes answer 403 FORBIDDEN to members.

export const renameWorkspace = endpoint({
  method: "patch",
  path: "/api/workspaces/{ws}",
  summary: "Rename the workspace (owners); the name is trimmed and must not be blank",
  tag: "workspaces",
  auth: "session",
  body: renameWorkspaceRequestSchema,
  responses: { 200: { description: "The workspace renamed", schema: workspaceSchema } },
  errors: [404],
});

export const deleteWorkspace = endpoint({
  method: "delete",
  path: "/api/workspaces/{ws}",
  summary:
    "Delete the workspace and everything in it: members, invitations, calculations, the " +
    "tracker (owners)",
  tag: "workspaces",
  auth: "session",
  responses: { 204: { description: "Deleted" } },
  errors: [404],
});

export const listMembers = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/members",
  summary: "The members with their e-mail, full name and role, in the order they joined",
  tag: "workspaces",
  auth: "session",
  responses: { 200: { description: "Members", schema: memberListSchema } },
  errors: [404],
});

export const leaveWorkspace = endpoint({
  method: "delete",
  path: "/api/workspaces/{ws}/members/me",
  summary:
    "Leave the workspace. A member always can; an owner only while another owner remains " +
    "(409 LAST_OWNER)",
  tag: "workspaces",
  auth: "session",
  responses: { 204: { description: "Left" } },
  errors: [404, 409],
});

export const updateMember = endpoint({
  method: "patch",
  path: "/api/workspaces/{ws}/members/{memberId}",
  summary:
    "Change a member's role (owners): make a member owner, or step down yourself. Another " +
    "owner cannot be demoted (409 CANNOT_REMOVE_OWNER), nor the last owner (409 LAST_OWNER); " +
    "the same role again changes nothing",
  tag: "workspaces",
  auth: "session",
  body: updateMemberRequestSchema,
  responses: { 200: { description: "The member now", schema: memberSchema } },
  errors: [404, 409],
});

export const removeMember = endpoint({
  method: "delete",
  path: "/api/workspaces/{ws}/members/{memberId}",
  summary:
    "Remove a member (owners); never an owner (409 CANNOT_REMOVE_OWNER). They lose access " +
    "with their next request",
  tag: "workspaces",
  auth: "session",
  responses: { 204: { description: "Removed" } },
  errors: [404, 409],
});

export const listInvitations = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/invitations",
  summary: "Pending invitations not yet expired, newest first (owners). Tokens are never shown",
  tag: "workspaces",
  auth: "session",
  responses: { 200: { description: "Invitations", schema: invitationListSchema } },
  errors: [404],
});

export const inviteMember = endpoint({
  method: "post",
  path: "/api/workspaces/{ws}/invitations",
  summary:
    "Invite by e-mail (owners) with role member (default) or owner. Already a member: 409 " +
    "ALREADY_MEMBER; a pending invitation: 409 INVITATION_PENDING; beyond the plan's " +
    "invitations (people beside one owner plus pending invitations): 403 PLAN_LIMIT_REACHED; " +
    "beyond 10 invitations an hour per workspace or 20 per owner: 429 RATE_LIMITED with " +
    "Retry-After (cancelling gives none back); beyond 5 e-mails an hour to the address " +
    "(invitations, resets and verification links together): 429 RECIPIENT_RATE_LIMITED with " +
    "Retry-After. An invitation valid 7 days is e-mailed with " +
    "the link /accept-invitation?token=…, in `language` (else x-hawl-language, " +
    "Accept-Language, English); the answer is the same whether or not the address has an " +
    "account, and nobody joins before accepting. The e-mail is best effort: `emailSent: " +
    "false` when it could not be sent (the invitation stays)",
  tag: "workspaces",
  auth: "session",
  body: inviteRequestSchema,
  responses: { 201: { description: "Invited", schema: inviteResponseSchema } },
  errors: [404, 409, 429],
});

export const revokeInvitation = endpoint({
  method: "delete",
  path: "/api/workspaces/{ws}/invitations/{id}",
  summary:
    "Cancel an invitation (owners), and every other invitation of that workspace and " +
    "e-mail; its link stops working (404 INVITATION_NOT_FOUND when unknown)",
  tag: "workspaces",
  auth: "session",
  responses: { 204: { description: "Cancelled" } },
  errors: [404],
});

export const acceptInvitationByToken = endpoint({
  method: "post",
  path: "/api/invitations/accept",
  summary:
    "Accept an invitation with the token of its link. The signed-in account's e-mail must " +
    "equal the invited one (case-insensitive, otherwise exact): 403 " +
    "INVITATION_EMAIL_MISMATCH; unknown, used or cancelled token: 404 INVITATION_NOT_FOUND; " +
    "past its 7 days: marked expired, 410 INVITATION_EXPIRED; already a member: 409 " +
    "ALREADY_MEMBER. Success joins with the invited role and deletes every invitation of " +
    "that workspace and e-mail",
  tag: "workspaces",
  auth: "session",
  body: acceptInvitationRequestSchema,
  responses: {
    200: { description: "Joined", schema: acceptInvitationResponseSchema },
  },
  errors: [404, 409, 410],
});

export const previewInvitation = endpoint({
  method: "get",
  path: "/api/invitations/preview",
  summary:
    "What the holder of an invitation link may see before signing in: the workspace's name, " +
    "the role and the inviter's name. A used, cancelled, expired or unknown token: 404 " +
    "INVITATION_NOT_FOUND alike",
  tag: "workspaces",
  auth: "none",
  query: invitationPreviewQuerySchema,
  responses: { 200: { description: "The invitation", schema: invitationPreviewSchema } },
  errors: [404],
});

export const listReceivedInvitations = endpoint({
  method: "get",
  path: "/api/invitations",
  summary:
    "The pending invitations, not yet expired, addressed to the signed-in account's e-mail, " +
    "oldest first, with the workspace's name, the inviter, the role and the expiry",
  tag: "workspaces",
  auth: "session",
  responses: { 200: { description: "Invitations", schema: receivedInvitationListSchema } },
});

export const acceptInvitation = endpoint({
  method: "post",
  path: "/api/invitations/{id}/accept",
  summary:
    "Accept one of your invitations (from the dashboard). Only the invitee: anyone else's or " +
    "an unknown id is 404 INVITATION_NOT_FOUND; past its 7 days: marked expired, 410 " +
    "INVITATION_EXPIRED; already a member: 409 ALREADY_MEMBER. Success joins with the " +
    "invited role and deletes every invitation of that workspace and e-mail",
  tag: "workspaces",
  auth: "session",
  responses: {
    200: { description: "Joined", schema: acceptInvitationResponseSchema },
  },
  errors: [404, 409, 410],
});

export const declineInvitation = endpoint({
  method: "post",
  path: "/api/invitations/{id}/decline",
  summary:
    "Decline one of your invitations: it is deleted, with every other of that workspace and " +
    "e-mail, and its link stops working. Anyone else's or an unknown id: 404 " +
    "INVITATION_NOT_FOUND",
  tag: "workspaces",
  auth: "session",
  responses: { 204: { description: "Declined" } },
  errors: [404],
});

export const workspaceEndpoints = [
  renameWorkspace,
  deleteWorkspace,
  listMembers,
  leaveWorkspace,
  updateMember,
  removeMember,
  listInvitations,
  inviteMember,
  revokeInvitation,
  acceptInvitationByToken,
  previewInvitation,
  listReceivedInvitations,
  acceptInvitation,
  declineInvitation,
];
