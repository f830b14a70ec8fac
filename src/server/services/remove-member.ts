import { uuidPattern } from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import { deleteMember, findMember, lockWorkspace } from "../db/repositories/members.ts";
import { AppError } from "../errors.ts";
import { memberNotFound } from "./membership-records.ts";
import { assertWorkspaceOwner } from "./workspace-access.ts";

/**
 * DELETE /api/workspaces/:ws/members/:memberId (owners). Never an owner (409
 * CANNOT_REMOVE_OWNER, spec §6); leaving is DELETE …/members/me. The removed person loses
 * access with their next request: every route checks the membership row.
 */
export async function removeMember(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  memberId: string;
}): Promise<void> {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    const scope = { workspaceId: options.workspaceId, userId };
    const { workspaceId } = await assertWorkspaceOwner(tx, scope);
    if (!(await lockWorkspace(tx, workspaceId))) throw memberNotFound();
    // the caller's role again, now that concurrent changes of this workspace are excluded
    await assertWorkspaceOwner(tx, scope);
    const memberId = options.memberId.toLowerCase();
    const target = uuidPattern.test(memberId) ? await findMember(tx, workspaceId, memberId) : null;
    if (!target) throw memberNotFound();
    if (target.role === "owner") {
      throw new AppError("CANNOT_REMOVE_OWNER", "An owner cannot be removed from a workspace.");
    }
    await deleteMember(tx, workspaceId, target.id);
  });
}
