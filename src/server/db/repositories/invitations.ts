import { and, asc, count, desc, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import { invitationSends, profiles, user, workspaceInvitations, workspaces } from "../schema.ts";
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

/**
 * On accept (issue 11): the used invitation stays, marked `accepted`, so its link opened again
 * can say "already a member"; every other invitation of that workspace and e-mail goes.
 */
export async function keepOnlyAcceptedInvitation(
  tx: Tx,
  invitation: { id: string; workspaceId: string; email: string },
): Promise<void> {
  await tx
    .delete(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.workspaceId, invitation.workspaceId),
        eq(workspaceInvitations.email, invitation.email),
        sql`${workspaceInvitations.id} <> ${invitation.id}`,
      ),
    );
  await tx
    .update(workspaceInvitations)
    .set({ status: "accepted" })
    .where(eq(workspaceInvitations.id, invitation.id));
}

/** A live invitation addressed to this e-mail, with its workspace's name and its inviter. */
export interface ReceivedInvitationRow {
  id: string;
  workspaceId: string;
  workspaceName: string;
  role: "owner" | "member";
  inviterEmail: string | null;
  inviterName: string | null;
  inviterProfileName: string | null;
  expiresAt: Date;
  createdAt: Date;
}

const receivedColumns = {
  id: workspaceInvitations.id,
  workspaceId: workspaceInvitations.workspaceId,
  workspaceName: workspaces.name,
  role: workspaceInvitations.role,
  inviterEmail: user.email,
  inviterName: user.name,
  inviterProfileName: profiles.fullName,
  expiresAt: workspaceInvitations.expiresAt,
  createdAt: workspaceInvitations.createdAt,
};

/** The live invitations to this (lower-cased) e-mail over every workspace, oldest first. */
export function listLiveInvitationsTo(
  db: Executor,
  email: string,
  now: Date,
): Promise<ReceivedInvitationRow[]> {
  return db
    .select(receivedColumns)
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(user, eq(user.id, workspaceInvitations.invitedBy))
    .leftJoin(profiles, eq(profiles.id, workspaceInvitations.invitedBy))
    .where(and(eq(workspaceInvitations.email, email), live(now)))
    .orderBy(asc(workspaceInvitations.createdAt), asc(workspaceInvitations.id));
}

/** The live invitation of this token's hash with its workspace and inviter, or null. */
export async function findLiveInvitationByTokenHash(
  db: Executor,
  tokenHash: string,
  now: Date,
): Promise<ReceivedInvitationRow | null> {
  const [row] = await db
    .select(receivedColumns)
    .from(workspaceInvitations)
    .innerJoin(workspaces, eq(workspaces.id, workspaceInvitations.workspaceId))
    .leftJoin(user, eq(user.id, workspaceInvitations.invitedBy))
    .leftJoin(profiles, eq(profiles.id, workspaceInvitations.invitedBy))
    .where(and(eq(workspaceInvitations.tokenHash, tokenHash), live(now)))
    .limit(1);
  return row ?? null;
}

/**
 * The pending invitation of this id addressed to this e-mail (whatever its expiry; locked until
 * the transaction ends with `lock`), or null: anyone else's id finds nothing.
 */
export async function findPendingInvitationTo(
  db: Executor,
  id: string,
  email: string,
  options: { lock?: boolean } = {},
): Promise<InvitationRow | null> {
  const query = db
    .select()
    .from(workspaceInvitations)
    .where(
      and(
        eq(workspaceInvitations.id, id),
        eq(workspaceInvitations.email, email),
        eq(workspaceInvitations.status, "pending"),
      ),
    );
  const [row] = options.lock ? await query.for("update") : await query;
  return row ?? null;
}

// ---- The invitation rate limit (issue 10): one row per invitation sent.

/**
 * Serialises the invitations of one owner (over all their workspaces) until the transaction
 * ends, so two at once cannot both pass the owner's limit. Taken after the workspace's lock.
 */
export async function lockInvitationsOf(tx: Tx, userId: string): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`hawl.invitations:${userId}`}, 0))`,
  );
}

/** The send times since `since`, oldest first, of a workspace or of an inviting owner. */
export async function invitationSendsSince(
  db: Executor,
  by: { workspaceId: string } | { invitedBy: string },
  since: Date,
): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: invitationSends.createdAt })
    .from(invitationSends)
    .where(
      and(
        "workspaceId" in by
          ? eq(invitationSends.workspaceId, by.workspaceId)
          : eq(invitationSends.invitedBy, by.invitedBy),
        gte(invitationSends.createdAt, since),
      ),
    )
    .orderBy(asc(invitationSends.createdAt));
  return rows.map((r) => r.createdAt);
}

/** Records one invitation sent, and drops this owner's rows older than `prunedBefore`. */
export async function recordInvitationSend(
  tx: Tx,
  values: { workspaceId: string; invitedBy: string; createdAt: Date; prunedBefore: Date },
): Promise<void> {
  await tx
    .delete(invitationSends)
    .where(
      and(
        eq(invitationSends.invitedBy, values.invitedBy),
        lt(invitationSends.createdAt, values.prunedBefore),
      ),
    );
  await tx.insert(invitationSends).values({
    workspaceId: values.workspaceId,
    invitedBy: values.invitedBy,
    createdAt: values.createdAt,
  });
}
