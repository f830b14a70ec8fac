import type { Db } from "../db/client.ts";
import { deleteWorkspace as deleteWorkspaceRow } from "../db/repositories/members.ts";
import { asWorkspaceOwner } from "./workspace-access.ts";

/**
 * DELETE /api/workspaces/:ws (owners): the workspace and everything in it (members,
 * invitations, calculations, the tracker) go in one statement through ON DELETE CASCADE.
 */
export async function deleteWorkspace(options: {
  db: Db;
  userId: string;
  workspaceId: string;
}): Promise<void> {
  await asWorkspaceOwner(options, (tx, workspaceId) => deleteWorkspaceRow(tx, workspaceId));
}
