import type { Db } from "../db/client.ts";
import { turnRemindersOff } from "../db/repositories/reminders.ts";

/**
 * The one-click unsubscribe link (POST /unsubscribe): no more reminder e-mails for this person,
 * from the next scan on. Doing it twice changes nothing more. false: no such account (any
 * more).
 */
export async function unsubscribeFromReminders(options: {
  db: Db;
  userId: string;
}): Promise<boolean> {
  return turnRemindersOff(options.db, options.userId);
}
