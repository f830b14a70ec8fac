import type { Db } from "../db/client.ts";
import { countOwners, deleteMember, lockWorkspace } from "../db/repositories/members.ts";
import { AppError } from "../errors.ts";
import { lastOwner } from "./membership-records.ts";
import { workspaceMembershipOf } from "./workspace-access.ts";

/**
 * DELETE /api/workspaces/:ws/members/me: the caller leaves the workspace. A member always can;
 * an owner only while another owner remains (409 LAST_OWNER: the last owner deletes the
 * workspace instead, or makes someone owner first).
 */
export async function leaveWorkspace(options: {
  db: Db;
  userId: string;
  workspaceId: string;
}): Promise<void> {
  const { db, userId } = options;
  await db.transaction(async (tx) => {
    const scope = { workspaceId: options.workspaceId, userId };
    const { workspaceId } = await workspaceMembershipOf(tx, scope);
    if (!(await lockWorkspace(tx, workspaceId))) {
      throw new AppError("NOT_FOUND", "Workspace not found.");
    }
    // read again under the lock: a concurrent step-down or leave may have changed it
    const { membership } = await workspaceMembershipOf(tx, scope);
    if (membership.role === "owner" && (await countOwners(tx, workspaceId)) <= 1) {
      throw lastOwner();
    }
    await deleteMember(tx, workspaceId, membership.id);
  });
}
