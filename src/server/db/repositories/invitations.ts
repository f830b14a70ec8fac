import { and, count, desc, eq, gt, lte } from "drizzle-orm";
import { workspaceInvitations } from "../schema.ts";
import type { Executor, Tx } from "./executor.ts";

// Invitations to a workspace (spec §3, §4). Only the token's hash is stored.

export type InvitationRow = typeof workspaceInvitations.$inferSelect;

/** Pending and not yet past expires_at at `now`. */
const live = (now: Date) =>
  and(eq(workspaceInvitations.status, "pending"), gt(workspaceInvitations.expiresAt, now));

/** The workspace's live invitations, newest first. */
export function listLiveInvitations(
  db: Executor,
  workspaceId: string,
  now: Date,
): Promise<InvitationRow[]> {
  return db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), live(now)))
    .orderBy(desc(workspaceInvitations.createdAt), desc(workspaceInvitations.id));
}

export async function countLiveInvitations(
  db: Executor,
  workspaceId: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), live(now)));
  return row?.n ?? 0;
}

/** The live invitation of this workspace and e-mail, or null. */
export async function findLiveInvitationFor(
  db: Executor,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.email, email),
        live(now),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * Pending invitations of this workspace and e-mail whose time has passed become `expired`, so a
 * new one can be sent (one pending per workspace and e-mail).
 */
export async function expireStaleInvitationsFor(
  tx: Tx,
  workspaceId: string,
  email: string,
  now: Date,
): Promise<void> {
  await tx
    .update(workspaceInvitations)
    .set({ status: "expired" })
    .where(
      and(
        eq(workspaceInvitations.workspaceId, workspaceId),
        eq(workspaceInvitations.email, email),
        eq(workspaceInvitations.status, "pending"),
        lte(workspaceInvitations.expiresAt, now),
      ),
    );
}

export async function insertInvitation(
  tx: Tx,
  values: {
    workspaceId: string;
    email: string;
    role: "owner" | "member";
    invitedBy: string;
    tokenHash: string;
    expiresAt: Date;
    createdAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await tx.insert(workspaceInvitations).values(values).returning();
  return row!;
}

/** The invitation of this token hash (locked until the transaction ends with `lock`), or null. */
export async function findInvitationByTokenHash(
  db: Executor,
  tokenHash: string,
  options: { lock?: boolean } = {},
): Promise<InvitationRow | null> {
  const query = db
    .select()
    .from(workspaceInvitations)
    .where(eq(workspaceInvitations.tokenHash, tokenHash));
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

/** One invitation of the workspace by id (another workspace's id finds nothing). */
export async function findInvitation(
  db: Executor,
  workspaceId: string,
  id: string,
): Promise<InvitationRow | null> {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.id, id)));
  return row ?? null;
}

export async function markInvitationExpired(db: Executor, id: string): Promise<void> {
  await db
    .update(workspaceInvitations)
    .set({ status: "expired" })
    .where(eq(workspaceInvitations.id, id));
}

/** Spec §4: on accept or cancel, every invitation of that workspace and e-mail goes. */
export async function deleteInvitationsFor(
  tx: Tx,
  workspaceId: string,
  email: string,
): Promise<number> {
  const deleted = await tx
    .delete(workspaceInvitations)
    .where(
      and(eq(workspaceInvitations.workspaceId, workspaceId), eq(workspaceInvitations.email, email)),
    )
    .returning({ id: workspaceInvitations.id });
  return deleted.length;
}
