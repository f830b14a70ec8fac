import { uuidPattern } from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import { deleteInvitationsFor, findInvitation } from "../db/repositories/invitations.ts";
import { lockWorkspace } from "../db/repositories/members.ts";
import { invitationNotFound } from "./membership-records.ts";
import { asWorkspaceOwner } from "./workspace-access.ts";

/**
 * DELETE /api/workspaces/:ws/invitations/:id (owners): the invitation is cancelled, and with it
 * every invitation of that workspace and e-mail (spec §4). Its link stops working at once.
 */
export async function cancelInvitation(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  id: string;
}): Promise<void> {
  await asWorkspaceOwner(options, async (tx, workspaceId) => {
    if (!(await lockWorkspace(tx, workspaceId))) throw invitationNotFound();
    const id = options.id.toLowerCase();
    const row = uuidPattern.test(id) ? await findInvitation(tx, workspaceId, id) : null;
    // an accepted one is only kept for its link's "already a member" (issue 11)
    if (!row || row.status === "accepted") throw invitationNotFound();
    await deleteInvitationsFor(tx, workspaceId, row.email);
  });
}
