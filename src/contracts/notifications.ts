import { z } from "zod";
import { defaultReminderChoice } from "../domain/hawl/reminders.ts";
import { languages } from "../domain/language.ts";

// A person's notification settings (issue 15; spec §2 "Dialogs", §9): which reminder e-mails
// they get, in which language and on which time zone's days. Stored per person on the server
// (GET/PATCH /api/me/notification-settings), edited from the notification settings dialog and
// the profile. The quarterly and monthly choices are also the review schedule proposed for
// every new threshold.

/** true for an IANA time zone this runtime knows ("Europe/Brussels", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const timeZoneSchema = z.string().refine(isTimeZone, "invalid_time_zone");

export const notificationSettingsSchema = z.object({
  /** off: no reminder e-mail at all (what the unsubscribe link sets) */
  emailReminders: z.boolean(),
  quarterlyReviews: z.boolean(),
  monthlyReviews: z.boolean(),
  /** an e-mail a week before a due date, besides the one on the day */
  weekBeforeDue: z.boolean(),
  /** the e-mails' language; null: not said yet (English) */
  language: z.enum(languages).nullable(),
  /** the zone whose days the reminders follow; null: not said yet (UTC) */
  timeZone: z.string().nullable(),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What a person who never saved any gets (spec §9 for the three reminders). */
export const defaultNotificationSettings: NotificationSettings = {
  emailReminders: true,
  ...defaultReminderChoice,
  language: null,
  timeZone: null,
};

/** PATCH body: the fields to change; unknown keys are a 400. */
export const updateNotificationSettingsRequestSchema = z.strictObject({
  emailReminders: z.boolean().optional(),
  quarterlyReviews: z.boolean().optional(),
  monthlyReviews: z.boolean().optional(),
  weekBeforeDue: z.boolean().optional(),
  language: z.enum(languages, "invalid_language").optional(),
  timeZone: timeZoneSchema.optional(),
});
export type UpdateNotificationSettingsRequest = z.infer<
  typeof updateNotificationSettingsRequestSchema
>;

/** GET/POST /unsubscribe?token=…: the signed token of a reminder e-mail's link. */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(512) });
