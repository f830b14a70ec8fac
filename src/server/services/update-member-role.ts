import type { Member, WorkspaceRole } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import { countOwners, setMemberRole } from "../db/repositories/members.ts";
import { AppError } from "../errors.ts";
import { lockMemberAsOwner } from "./member-as-owner.ts";
import { lastOwner, toMember } from "./membership-records.ts";

/**
 * PATCH /api/workspaces/:ws/members/:memberId {role} (owners). An owner makes a member owner;
 * an owner steps down only themselves (another owner is protected as from removal: 409
 * CANNOT_REMOVE_OWNER), and never as the last owner (409 LAST_OWNER). The same role again
 * changes nothing.
 */
export async function updateMemberRole(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  memberId: string;
  role: WorkspaceRole;
}): Promise<Member> {
  const { db, userId, role } = options;
  return db.transaction(async (tx) => {
    const { workspaceId, target } = await lockMemberAsOwner(tx, options);
    if (target.role === role) return toMember(target);
    if (role === "member") {
      if (target.userId !== userId) {
        throw new AppError(
          "CANNOT_REMOVE_OWNER",
          "An owner cannot be made a member by someone else; owners can step down themselves.",
        );
      }
      if ((await countOwners(tx, workspaceId)) <= 1) throw lastOwner();
    }
    await setMemberRole(tx, workspaceId, target.id, role);
    return toMember({ ...target, role });
  });
}
