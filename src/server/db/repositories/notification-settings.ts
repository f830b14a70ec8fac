import { eq, sql } from "drizzle-orm";
import {
  defaultNotificationSettings,
  type NotificationSettings,
  type UpdateNotificationSettingsRequest,
} from "../../../contracts/notifications.ts";
import { notificationSettings } from "../schema.ts";
import type { Executor } from "./executor.ts";

export type NotificationSettingsRow = typeof notificationSettings.$inferSelect;

/** A stored row as the API says it; no row: the defaults. */
export function settingsOf(row: NotificationSettingsRow | null | undefined): NotificationSettings {
  if (!row) return { ...defaultNotificationSettings };
  return {
    emailReminders: row.emailReminders,
    quarterlyReviews: row.quarterlyReviews,
    monthlyReviews: row.monthlyReviews,
    weekBeforeDue: row.weekBeforeDue,
    language: row.language,
    timeZone: row.timeZone,
  };
}

export async function findNotificationSettings(
  db: Executor,
  userId: string,
): Promise<NotificationSettingsRow | null> {
  const [row] = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return row ?? null;
}

/**
 * Writes the given fields (the others keep their stored value, or the default for a first
 * row) in one statement, so two saves at once cannot lose one another's fields.
 */
export async function upsertNotificationSettings(
  db: Executor,
  userId: string,
  changes: UpdateNotificationSettingsRequest,
): Promise<NotificationSettingsRow> {
  const set = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as UpdateNotificationSettingsRequest;
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { ...set, updatedAt: sql`now()` },
    })
    .returning();
  return row!;
}
