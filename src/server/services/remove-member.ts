import type { Db } from "../db/client.ts";
import { deleteMember } from "../db/repositories/members.ts";
import { AppError } from "../errors.ts";
import { lockMemberAsOwner } from "./member-as-owner.ts";

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
  const { db } = options;
  await db.transaction(async (tx) => {
    const { workspaceId, target } = await lockMemberAsOwner(tx, options);
    if (target.role === "owner") {
      throw new AppError("CANNOT_REMOVE_OWNER", "An owner cannot be removed from a workspace.");
    }
    await deleteMember(tx, workspaceId, target.id);
  });
}
