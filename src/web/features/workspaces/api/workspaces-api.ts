import {
  acceptInvitationResponseSchema,
  invitationListSchema,
  invitationPreviewSchema,
  inviteResponseSchema,
  memberListSchema,
  memberSchema,
  receivedInvitationListSchema,
  workspaceListSchema,
  workspaceSchema,
  type Invitation,
  type InvitationPreview,
  type InviteRequest,
  type InviteResponse,
  type Member,
  type ReceivedInvitation,
  type Workspace,
  type WorkspaceRole,
} from "../../../../contracts/workspaces";
import { api } from "~/lib/api-client";

// The workspace API (API.md "workspaces", "members", "invitations"); every answer is parsed
// with the contract's schema, every failure is an ApiError with the contract's code.

const ws = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}`;

/** Members of a workspace (any member may read them). */
export const membersQueryKey = (workspaceId: string) => ["workspace-members", workspaceId] as const;
/** Pending invitations of a workspace (owners only). */
export const invitationsQueryKey = (workspaceId: string) =>
  ["workspace-invitations", workspaceId] as const;

/** Pending invitations addressed to the signed-in person (the dashboard's card). */
export const receivedInvitationsQueryKey = ["received-invitations"] as const;

export async function fetchWorkspaces(): Promise<Workspace[]> {
  return workspaceListSchema.parse(await api<unknown>("/api/workspaces"));
}

export async function postWorkspace(name: string): Promise<Workspace> {
  return workspaceSchema.parse(
    await api<unknown>("/api/workspaces", { method: "POST", body: { name } }),
  );
}

export async function renameWorkspace(workspaceId: string, name: string): Promise<Workspace> {
  return workspaceSchema.parse(
    await api<unknown>(ws(workspaceId), { method: "PATCH", body: { name } }),
  );
}

export async function deleteWorkspace(workspaceId: string): Promise<void> {
  await api<void>(ws(workspaceId), { method: "DELETE" });
}

export async function fetchMembers(workspaceId: string): Promise<Member[]> {
  return memberListSchema.parse(await api<unknown>(`${ws(workspaceId)}/members`));
}

/** The caller leaves the workspace (409 LAST_OWNER for its last owner). */
export async function leaveWorkspace(workspaceId: string): Promise<void> {
  await api<void>(`${ws(workspaceId)}/members/me`, { method: "DELETE" });
}

export async function updateMemberRole(
  workspaceId: string,
  memberId: string,
  role: WorkspaceRole,
): Promise<Member> {
  return memberSchema.parse(
    await api<unknown>(`${ws(workspaceId)}/members/${encodeURIComponent(memberId)}`, {
      method: "PATCH",
      body: { role },
    }),
  );
}

export async function removeMember(workspaceId: string, memberId: string): Promise<void> {
  await api<void>(`${ws(workspaceId)}/members/${encodeURIComponent(memberId)}`, {
    method: "DELETE",
  });
}

export async function fetchInvitations(workspaceId: string): Promise<Invitation[]> {
  return invitationListSchema.parse(await api<unknown>(`${ws(workspaceId)}/invitations`));
}

export async function inviteMember(
  workspaceId: string,
  request: InviteRequest,
): Promise<InviteResponse> {
  return inviteResponseSchema.parse(
    await api<unknown>(`${ws(workspaceId)}/invitations`, { method: "POST", body: request }),
  );
}

export async function cancelInvitation(workspaceId: string, invitationId: string): Promise<void> {
  await api<void>(`${ws(workspaceId)}/invitations/${encodeURIComponent(invitationId)}`, {
    method: "DELETE",
  });
}

/** The joined workspace; `alreadyMember` when the link was used before by this member. */
/** What the link's holder may see before signing in (issue 11): workspace, role, inviter. */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  return invitationPreviewSchema.parse(
    await api<unknown>(`/api/invitations/preview?token=${encodeURIComponent(token)}`),
  );
}

export async function acceptInvitation(
  token: string,
): Promise<{ workspace: Workspace; alreadyMember: boolean }> {
  const answer = acceptInvitationResponseSchema.parse(
    await api<unknown>("/api/invitations/accept", { method: "POST", body: { token } }),
  );
  return { workspace: answer.workspace, alreadyMember: answer.alreadyMember ?? false };
}

export async function fetchReceivedInvitations(): Promise<ReceivedInvitation[]> {
  return receivedInvitationListSchema.parse(await api<unknown>("/api/invitations"));
}

export async function acceptReceivedInvitation(invitationId: string): Promise<Workspace> {
  const answer = acceptInvitationResponseSchema.parse(
    await api<unknown>(`/api/invitations/${encodeURIComponent(invitationId)}/accept`, {
      method: "POST",
    }),
  );
  return answer.workspace;
}

export async function declineReceivedInvitation(invitationId: string): Promise<void> {
  await api<void>(`/api/invitations/${encodeURIComponent(invitationId)}/decline`, {
    method: "POST",
  });
}
