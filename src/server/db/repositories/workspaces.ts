import { and, asc, count, eq, sql } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { Db } from "../client.ts";
import { user, workspaceMembers, workspaces } from "../schema.ts";
import type { Executor, Tx } from "./executor.ts";

export type WorkspaceRole = "owner" | "member";

export interface WorkspaceWithRole {
  id: string;
  name: string;
  role: WorkspaceRole;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const withRole = {
  id: workspaces.id,
  name: workspaces.name,
  role: workspaceMembers.role,
  createdBy: workspaces.createdBy,
  createdAt: workspaces.createdAt,
  updatedAt: workspaces.updatedAt,
};

/** The user's workspaces with the user's role, oldest first. */
export function listWorkspacesOfUser(db: Executor, userId: string): Promise<WorkspaceWithRole[]> {
  return db
    .select(withRole)
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.id));
}

export async function countOwnedWorkspaces(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, "owner")));
  return row?.n ?? 0;
}

/**
 * Locks the user's row until the transaction ends, so that checks of the user's counts (plan
 * limits) and the insert that follows cannot interleave with a concurrent request.
 */
export async function lockUser(tx: Tx, userId: string): Promise<boolean> {
  const rows = await tx.select({ id: user.id }).from(user).where(eq(user.id, userId)).for("update");
  return rows.length > 0;
}

/** Inserts a workspace and its owner's membership; call inside a transaction. */
export async function insertWorkspaceWithOwner(
  tx: Tx,
  values: { name: string; ownerId: string },
): Promise<WorkspaceWithRole> {
  const [workspace] = await tx
    .insert(workspaces)
    .values({ name: values.name, createdBy: values.ownerId })
    .returning();
  await tx.insert(workspaceMembers).values({
    workspaceId: workspace!.id,
    userId: values.ownerId,
    role: "owner",
  });
  return { ...workspace!, role: "owner" };
}

// The membership read of every workspace route (the guards run it before a body is read, and
// most services again): outside a transaction it is a prepared statement, built once per
// database and parsed once per PostgreSQL connection. A prepared statement runs on the pool,
// never inside a transaction, so a transaction keeps the plain query.
function prepareMembership(db: Db) {
  return db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(
      and(
        eq(workspaceMembers.workspaceId, sql.placeholder("workspaceId")),
        eq(workspaceMembers.userId, sql.placeholder("userId")),
      ),
    )
    .limit(1)
    .prepare("hawl_is_member");
}

const preparedMembership = new WeakMap<Db, ReturnType<typeof prepareMembership>>();

/**
 * true when the user is a member of the workspace. `workspaceId` must be a UUID (the caller
 * checks the form: anything else cannot name a workspace).
 */
export async function isWorkspaceMember(
  db: Executor,
  workspaceId: string,
  userId: string,
): Promise<boolean> {
  if (!(db instanceof PgTransaction)) {
    let statement = preparedMembership.get(db);
    if (!statement) {
      statement = prepareMembership(db);
      preparedMembership.set(db, statement);
    }
    return (await statement.execute({ workspaceId, userId })).length > 0;
  }
  const rows = await db
    .select({ id: workspaceMembers.id })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .limit(1);
  return rows.length > 0;
}
