import type { Invitation } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import { listLiveInvitations } from "../db/repositories/invitations.ts";
import { toInvitation } from "./membership-records.ts";
import { assertWorkspaceOwner } from "./workspace-access.ts";

/**
 * GET /api/workspaces/:ws/invitations (owners): the pending invitations not yet past their
 * expiry at `now`, newest first. Expired ones no longer count and are not shown.
 */
export async function listWorkspaceInvitations(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  now: Date;
}): Promise<Invitation[]> {
  const { db, userId, now } = options;
  const { workspaceId } = await assertWorkspaceOwner(db, {
    workspaceId: options.workspaceId,
    userId,
  });
  return (await listLiveInvitations(db, workspaceId, now)).map(toInvitation);
}
