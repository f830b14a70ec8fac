import { and, between, eq, sql } from "drizzle-orm";
import type { ReminderKind } from "../../../domain/hawl/reminders.ts";
import {
  milestones,
  notificationSettings,
  profiles,
  reminderSends,
  user,
  workspaceMembers,
  workspaces,
} from "../schema.ts";
import type { Executor, Tx } from "./executor.ts";
import { inVisibleGeneration } from "./tracker.ts";
import type { NotificationSettingsRow } from "./notification-settings.ts";

/**
 * Workspaces that may owe someone a reminder between `from` and `to` (calendar days): an open
 * due milestone dated in the window, or a threshold whose zakat year ends in it (its endDate on
 * the Hijri basis; 365 days after it on the Gregorian one).
 */
export async function workspacesWithRemindersBetween(
  db: Executor,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: milestones.workspaceId })
    .from(milestones)
    .where(
      sql`((${milestones.type} = 'due' and not ${milestones.completed} and ${between(milestones.date, from, to)})
        or (${milestones.type} = 'threshold' and (${between(milestones.endDate, from, to)}
          or ${milestones.date} + 365 between ${from}::date and ${to}::date)))
        and ${inVisibleGeneration}`,
    );
  return rows.map((r) => r.id);
}

export interface ReminderRecipient {
  userId: string;
  email: string;
  emailVerified: boolean;
  /** the profile's full name, else the account's name */
  name: string;
  settings: NotificationSettingsRow | null;
}

/** Every member of the workspace, with their notification settings (null: none saved). */
export async function reminderRecipients(
  db: Executor,
  workspaceId: string,
): Promise<{ workspaceName: string | null; recipients: ReminderRecipient[] }> {
  const [workspace] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const rows = await db
    .select({
      userId: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      accountName: user.name,
      fullName: profiles.fullName,
      settings: notificationSettings,
    })
    .from(workspaceMembers)
    .innerJoin(user, eq(user.id, workspaceMembers.userId))
    .leftJoin(profiles, eq(profiles.id, user.id))
    .leftJoin(notificationSettings, eq(notificationSettings.userId, user.id))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(workspaceMembers.joinedAt);
  return {
    workspaceName: workspace?.name ?? null,
    recipients: rows.map((r) => ({
      userId: r.userId,
      email: r.email,
      emailVerified: r.emailVerified,
      name: r.fullName ?? r.accountName,
      settings: r.settings,
    })),
  };
}

/**
 * Records reminders as sent; returns the keys that were not sent before (the others were, by
 * this or another instance: the unique key keeps them once). Waits for a transaction of another
 * instance that holds the same key, then skips it.
 */
export async function recordReminderSends(
  tx: Tx,
  rows: { userId: string; workspaceId: string; kind: ReminderKind; key: string; day: string }[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const inserted = await tx
    .insert(reminderSends)
    .values(
      rows.map((r) => ({
        userId: r.userId,
        workspaceId: r.workspaceId,
        kind: r.kind,
        reminderKey: r.key,
        day: r.day,
      })),
    )
    .onConflictDoNothing({
      target: [reminderSends.userId, reminderSends.workspaceId, reminderSends.reminderKey],
    })
    .returning({ key: reminderSends.reminderKey });
  return new Set(inserted.map((r) => r.key));
}

/** Turns every reminder e-mail of the person off (the unsubscribe link); a no-op for nobody. */
export async function turnRemindersOff(db: Executor, userId: string): Promise<boolean> {
  const [known] = await db.select({ id: user.id }).from(user).where(eq(user.id, userId));
  if (!known) return false;
  await db
    .insert(notificationSettings)
    .values({ userId, emailReminders: false })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { emailReminders: false, updatedAt: sql`now()` },
    });
  return true;
}

/** The address and language of the person (the unsubscribe page). */
export async function unsubscribePageFacts(
  db: Executor,
  userId: string,
): Promise<{ email: string; language: string | null } | null> {
  const [row] = await db
    .select({ email: user.email, language: notificationSettings.language })
    .from(user)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, user.id))
    .where(and(eq(user.id, userId)));
  return row ?? null;
}
