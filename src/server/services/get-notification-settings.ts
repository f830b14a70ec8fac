import type { NotificationSettings } from "../../contracts/notifications.ts";
import type { Db } from "../db/client.ts";
import { findNotificationSettings, settingsOf } from "../db/repositories/notification-settings.ts";

/** GET /api/me/notification-settings: the caller's settings, or the defaults if none saved. */
export async function getNotificationSettings(options: {
  db: Db;
  userId: string;
}): Promise<NotificationSettings> {
  return settingsOf(await findNotificationSettings(options.db, options.userId));
}
