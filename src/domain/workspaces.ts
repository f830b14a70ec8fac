// Workspaces (spec §6): who a member is and where an invitation stands. The database columns,
// the API's schemas and the web's labels all use these lists.
export const workspaceRoles = ["owner", "member"] as const;
export type WorkspaceRole = (typeof workspaceRoles)[number];

export const invitationStatuses = ["pending", "accepted", "expired"] as const;
export type InvitationStatus = (typeof invitationStatuses)[number];
