import * as account from "../../../../contracts/endpoints/account";
import * as api from "../../../../contracts/endpoints/workspaces";
import type {
  Invitation,
  InvitationPreview,
  InviteRequest,
  InviteResponse,
  Member,
  ReceivedInvitation,
  Workspace,
  WorkspaceRole,
} from "../../../../contracts/workspaces";
import { request } from "~/lib/api-client";

// The workspace API (API.md "workspaces", "members", "invitations"); every answer is parsed
// with the schema its declaration gives (contracts/endpoints), every failure is an ApiError with
// the contract's code.

/** Members of a workspace (any member may read them). */
export const membersQueryKey = (workspaceId: string) => ["workspace-members", workspaceId] as const;
/** Pending invitations of a workspace (owners only). */
export const invitationsQueryKey = (workspaceId: string) =>
  ["workspace-invitations", workspaceId] as const;

/** Pending invitations addressed to the signed-in person (the dashboard's card). */
export const receivedInvitationsQueryKey = ["received-invitations"] as const;

export async function fetchWorkspaces(): Promise<Workspace[]> {
  return request(account.listWorkspaces);
}

export async function postWorkspace(name: string): Promise<Workspace> {
  return request(account.createWorkspace, { body: { name } });
}

export async function renameWorkspace(workspaceId: string, name: string): Promise<Workspace> {
  return request(api.renameWorkspace, { params: { ws: workspaceId }, body: { name } });
}

export async function deleteWorkspace(workspaceId: string): Promise<void> {
  await request(api.deleteWorkspace, { params: { ws: workspaceId } });
}

export async function fetchMembers(workspaceId: string): Promise<Member[]> {
  return request(api.listMembers, { params: { ws: workspaceId } });
}

/** The caller leaves the workspace (409 LAST_OWNER for its last owner). */
export async function leaveWorkspace(workspaceId: string): Promise<void> {
  await request(api.leaveWorkspace, { params: { ws: workspaceId } });
}

export async function updateMemberRole(
  workspaceId: string,
  memberId: string,
  role: WorkspaceRole,
): Promise<Member> {
  return request(api.updateMember, { params: { ws: workspaceId, memberId }, body: { role } });
}

export async function removeMember(workspaceId: string, memberId: string): Promise<void> {
  await request(api.removeMember, { params: { ws: workspaceId, memberId } });
}

export async function fetchInvitations(workspaceId: string): Promise<Invitation[]> {
  return request(api.listInvitations, { params: { ws: workspaceId } });
}

export async function inviteMember(
  workspaceId: string,
  body: InviteRequest,
): Promise<InviteResponse> {
  return request(api.inviteMember, { params: { ws: workspaceId }, body });
}

export async function cancelInvitation(workspaceId: string, invitationId: string): Promise<void> {
  await request(api.revokeInvitation, { params: { ws: workspaceId, id: invitationId } });
}

/** What the link's holder may see before signing in (issue 11): workspace, role, inviter. */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  return request(api.previewInvitation, { query: { token } });
}

/** The joined workspace; `alreadyMember` when the link was used before by this member. */
export async function acceptInvitation(
  token: string,
): Promise<{ workspace: Workspace; alreadyMember: boolean }> {
  const answer = await request(api.acceptInvitationByToken, { body: { token } });
  return { workspace: answer.workspace, alreadyMember: answer.alreadyMember ?? false };
}

export async function fetchReceivedInvitations(): Promise<ReceivedInvitation[]> {
  return request(api.listReceivedInvitations);
}

export async function acceptReceivedInvitation(invitationId: string): Promise<Workspace> {
  return (await request(api.acceptInvitation, { params: { id: invitationId } })).workspace;
}

export async function declineReceivedInvitation(invitationId: string): Promise<void> {
  await request(api.declineInvitation, { params: { id: invitationId } });
}
