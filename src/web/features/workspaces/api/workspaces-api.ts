import type {
  Invitation,
  InvitationPreview,
  InviteRequest,
  InviteResponse,
  Member,
  ReceivedInvitation,
  Workspace,
  WorkspaceRole,
} from "#contracts/workspaces.ts";
import { request, requestCompiled } from "~/lib/api-client";
import { listReceivedInvitations, listWorkspaces } from "~/lib/signed-in-calls";

// The workspace API (API.md "workspaces", "members", "invitations"); every answer is parsed
// with the schema its declaration gives (contracts/endpoints), every failure is an ApiError with
// the contract's code. The declarations (and zod, which their schemas need) load with the first
// call that needs them: the dashboard's lists are checked by their generated parsers (decision
// 035), with the schema only when a parser cannot say yes.
const account = () => import("#contracts/endpoints/account.ts");
const workspaces = () => import("#contracts/endpoints/workspaces.ts");

/** Members of a workspace (any member may read them). */
export const membersQueryKey = (workspaceId: string) => ["workspace-members", workspaceId] as const;
/** Pending invitations of a workspace (owners only). */
export const invitationsQueryKey = (workspaceId: string) =>
  ["workspace-invitations", workspaceId] as const;

/** Pending invitations addressed to the signed-in person (the dashboard's card). */
export const receivedInvitationsQueryKey = ["received-invitations"] as const;

export async function fetchWorkspaces(): Promise<Workspace[]> {
  return requestCompiled(listWorkspaces);
}

export async function postWorkspace(name: string): Promise<Workspace> {
  return request((await account()).createWorkspace, { body: { name } });
}

export async function renameWorkspace(workspaceId: string, name: string): Promise<Workspace> {
  return request((await workspaces()).renameWorkspace, {
    params: { ws: workspaceId },
    body: { name },
  });
}

export async function deleteWorkspace(workspaceId: string): Promise<void> {
  await request((await workspaces()).deleteWorkspace, { params: { ws: workspaceId } });
}

export async function fetchMembers(workspaceId: string): Promise<Member[]> {
  return request((await workspaces()).listMembers, { params: { ws: workspaceId } });
}

/** The caller leaves the workspace (409 LAST_OWNER for its last owner). */
export async function leaveWorkspace(workspaceId: string): Promise<void> {
  await request((await workspaces()).leaveWorkspace, { params: { ws: workspaceId } });
}

export async function updateMemberRole(
  workspaceId: string,
  memberId: string,
  role: WorkspaceRole,
): Promise<Member> {
  return request((await workspaces()).updateMember, {
    params: { ws: workspaceId, memberId },
    body: { role },
  });
}

export async function removeMember(workspaceId: string, memberId: string): Promise<void> {
  await request((await workspaces()).removeMember, { params: { ws: workspaceId, memberId } });
}

export async function fetchInvitations(workspaceId: string): Promise<Invitation[]> {
  return request((await workspaces()).listInvitations, { params: { ws: workspaceId } });
}

export async function inviteMember(
  workspaceId: string,
  body: InviteRequest,
): Promise<InviteResponse> {
  return request((await workspaces()).inviteMember, { params: { ws: workspaceId }, body });
}

export async function cancelInvitation(workspaceId: string, invitationId: string): Promise<void> {
  await request((await workspaces()).revokeInvitation, {
    params: { ws: workspaceId, id: invitationId },
  });
}

/** What the link's holder may see before signing in (issue 11): workspace, role, inviter. */
export async function previewInvitation(token: string): Promise<InvitationPreview> {
  return request((await workspaces()).previewInvitation, { query: { token } });
}

/** The joined workspace; `alreadyMember` when the link was used before by this member. */
export async function acceptInvitation(
  token: string,
): Promise<{ workspace: Workspace; alreadyMember: boolean }> {
  const answer = await request((await workspaces()).acceptInvitationByToken, { body: { token } });
  return { workspace: answer.workspace, alreadyMember: answer.alreadyMember ?? false };
}

export async function fetchReceivedInvitations(): Promise<ReceivedInvitation[]> {
  return requestCompiled(listReceivedInvitations);
}

export async function acceptReceivedInvitation(invitationId: string): Promise<Workspace> {
  return (await request((await workspaces()).acceptInvitation, { params: { id: invitationId } }))
    .workspace;
}

export async function declineReceivedInvitation(invitationId: string): Promise<void> {
  await request((await workspaces()).declineInvitation, { params: { id: invitationId } });
}
