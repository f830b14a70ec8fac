import type {
  NotificationSettings,
  UpdateNotificationSettingsRequest,
} from "../../contracts/notifications.ts";
import type { Db } from "../db/client.ts";
import {
  settingsOf,
  upsertNotificationSettings,
} from "../db/repositories/notification-settings.ts";

/**
 * PATCH /api/me/notification-settings: only the given fields change; the first save stores
 * the defaults for the others. The next reminder scan reads them.
 */
export async function updateNotificationSettings(options: {
  db: Db;
  userId: string;
  changes: UpdateNotificationSettingsRequest;
}): Promise<NotificationSettings> {
  return settingsOf(await upsertNotificationSettings(options.db, options.userId, options.changes));
}
