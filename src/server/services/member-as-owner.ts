import { uuidPattern } from "../../contracts/calculations.ts";
import type { Tx } from "../db/repositories/executor.ts";
import { findMember, lockWorkspace, type MemberWithAccount } from "../db/repositories/members.ts";
import { memberNotFound } from "./membership-records.ts";
import { assertWorkspaceOwner } from "./workspace-access.ts";

/**
 * The start of an owner's change to one member (remove, change of role): the caller must own
 * the workspace, checked again once the workspace's row is locked (concurrent changes of its
 * members wait, and the caller may have stepped down meanwhile); the member is one of this
 * workspace's, by id, else 404 NOT_FOUND, as for an id that is not a UUID.
 */
export async function lockMemberAsOwner(
  tx: Tx,
  options: { workspaceId: string; userId: string; memberId: string },
): Promise<{ workspaceId: string; target: MemberWithAccount }> {
  const scope = { workspaceId: options.workspaceId, userId: options.userId };
  const { workspaceId } = await assertWorkspaceOwner(tx, scope);
  if (!(await lockWorkspace(tx, workspaceId))) throw memberNotFound();
  // the caller's role again, now that concurrent changes of this workspace are excluded
  await assertWorkspaceOwner(tx, scope);
  const memberId = options.memberId.toLowerCase();
  const target = uuidPattern.test(memberId) ? await findMember(tx, workspaceId, memberId) : null;
  if (!target) throw memberNotFound();
  return { workspaceId, target };
}
