import { uuidPattern } from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import type { Executor, Tx } from "../db/repositories/executor.ts";
import { findMembership, type MemberRow } from "../db/repositories/members.ts";
import { isWorkspaceMember } from "../db/repositories/workspaces.ts";
import { AppError } from "../errors.ts";

const workspaceNotFound = () => new AppError("NOT_FOUND", "Workspace not found.");

/**
 * 404 unless the caller is a member of the workspace: non-members and unknown workspaces get
 * the same answer (API.md: no existence leak). A workspace id that is not a UUID names nothing.
 * Returns the id in the form the database stores (lower case).
 */
export async function assertWorkspaceMember(
  db: Executor,
  options: { workspaceId: string; userId: string },
): Promise<string> {
  const workspaceId = options.workspaceId.toLowerCase();
  const ok =
    uuidPattern.test(workspaceId) && (await isWorkspaceMember(db, workspaceId, options.userId));
  if (!ok) throw workspaceNotFound();
  return workspaceId;
}

/** Like assertWorkspaceMember, returning the caller's membership (with the role) as well. */
export async function workspaceMembershipOf(
  db: Executor,
  options: { workspaceId: string; userId: string },
): Promise<{ workspaceId: string; membership: MemberRow }> {
  const workspaceId = options.workspaceId.toLowerCase();
  const membership = uuidPattern.test(workspaceId)
    ? await findMembership(db, workspaceId, options.userId)
    : null;
  if (!membership) throw workspaceNotFound();
  return { workspaceId, membership };
}

/**
 * Owner actions (spec §6): 404 to non-members (as assertWorkspaceMember), 403 FORBIDDEN to
 * members who are not owners.
 */
export async function assertWorkspaceOwner(
  db: Executor,
  options: { workspaceId: string; userId: string },
): Promise<{ workspaceId: string; membership: MemberRow }> {
  const found = await workspaceMembershipOf(db, options);
  if (found.membership.role !== "owner") {
    throw new AppError("FORBIDDEN", "Only an owner of this workspace can do this.");
  }
  return found;
}

/**
 * An owner action in one transaction: the owner check (as assertWorkspaceOwner) opens it, so the
 * work runs only for an owner and sees the workspace id in its stored (lower-case) form.
 */
export function asWorkspaceOwner<T>(
  options: { db: Db; workspaceId: string; userId: string },
  work: (tx: Tx, workspaceId: string) => Promise<T>,
): Promise<T> {
  const { db, workspaceId, userId } = options;
  return db.transaction(async (tx) => {
    const owned = await assertWorkspaceOwner(tx, { workspaceId, userId });
    return work(tx, owned.workspaceId);
  });
}
