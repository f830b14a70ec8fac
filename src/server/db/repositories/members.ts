import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { profiles, user, workspaceMembers, workspaces } from "../schema.ts";
import type { Executor, Tx } from "./executor.ts";
import type { WorkspaceRole, WorkspaceWithRole } from "./workspaces.ts";

// Workspaces as their owners manage them: members, roles, rename, delete.

export type MemberRow = typeof workspaceMembers.$inferSelect;

export interface MemberWithAccount {
  id: string;
  userId: string;
  email: string;
  fullName: string | null;
  role: WorkspaceRole;
  invitedBy: string | null;
  joinedAt: Date;
}

const memberColumns = {
  id: workspaceMembers.id,
  userId: workspaceMembers.userId,
  email: user.email,
  fullName: profiles.fullName,
  role: workspaceMembers.role,
  invitedBy: workspaceMembers.invitedBy,
  joinedAt: workspaceMembers.joinedAt,
};

/**
 * Locks the workspace's row until the transaction ends: membership changes of one workspace
 * (the last-owner rule, the plan's seat count) run one after the other. null: it is gone.
 */
export async function lockWorkspace(
  tx: Tx,
  workspaceId: string,
): Promise<{ id: string; name: string } | null> {
  const [row] = await tx
    .select({ id: workspaces.id, name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .for("update");
  return row ?? null;
}

/** The caller's membership row of the workspace, or null. `workspaceId` must be a UUID. */
export async function findMembership(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<MemberRow | null> {
  const [row] = await db
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return row ?? null;
}

/** Members with their e-mail and full name, in the order they joined (owners first on a tie). */
export function listMembers(db: Executor, workspaceId: string): Promise<MemberWithAccount[]> {
  return db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .leftJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(asc(workspaceMembers.joinedAt), desc(workspaceMembers.role), asc(workspaceMembers.id));
}

/** One member of the workspace by the membership id, or null (also for another workspace's). */
export async function findMember(
  db: Executor,
  workspaceId: string,
  memberId: string,
): Promise<MemberWithAccount | null> {
  const [row] = await db
    .select(memberColumns)
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .leftJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, memberId)));
  return row ?? null;
}

export async function countOwners(db: Executor, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
  return row?.n ?? 0;
}

export async function countMembers(db: Executor, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function insertMember(
  tx: Tx,
  values: { workspaceId: string; userId: string; role: WorkspaceRole; invitedBy: string | null },
): Promise<MemberRow> {
  const [row] = await tx.insert(workspaceMembers).values(values).returning();
  return row!;
}

export async function deleteMember(tx: Tx, workspaceId: string, memberId: string): Promise<void> {
  await tx
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, memberId)));
}

export async function setMemberRole(
  tx: Tx,
  workspaceId: string,
  memberId: string,
  role: WorkspaceRole,
): Promise<void> {
  await tx
    .update(workspaceMembers)
    .set({ role })
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.id, memberId)));
}

/** Renames the workspace and bumps updated_at; the row with the caller's role. */
export async function renameWorkspace(
  db: Executor,
  values: { workspaceId: string; name: string; role: WorkspaceRole },
): Promise<WorkspaceWithRole | null> {
  const [row] = await db
    .update(workspaces)
    .set({ name: values.name, updatedAt: sql`now()` })
    .where(eq(workspaces.id, values.workspaceId))
    .returning();
  return row ? { ...row, role: values.role } : null;
}

/** Deletes the workspace; everything in it goes with it (ON DELETE CASCADE). */
export async function deleteWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  await tx.delete(workspaces).where(eq(workspaces.id, workspaceId));
}

/** The account with this (lower-cased) e-mail, or null. Better Auth stores e-mails lower-cased. */
export async function findUserByEmail(
  db: Executor,
  email: string,
): Promise<{ id: string; email: string; emailVerified: boolean; name: string } | null> {
  const [row] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified, name: user.name })
    .from(user)
    .where(eq(user.email, email))
    .limit(1);
  return row ?? null;
}

/**
 * An account's e-mail and display name (the profile's full name, else the sign-up name, else
 * ""), or null when the account is gone.
 */
export async function accountLabelOf(
  db: Executor,
  userId: string,
): Promise<{ email: string; name: string } | null> {
  const [row] = await db
    .select({ email: user.email, fullName: profiles.fullName, name: user.name })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) return null;
  return { email: row.email, name: row.fullName?.trim() || row.name.trim() };
}
