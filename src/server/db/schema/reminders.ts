import { boolean, date, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { reminderKinds } from "../../../domain/hawl/reminders.ts";
import { languages } from "../../../domain/language.ts";
import { user } from "./identity.ts";
import { createdAt, updatedAt, uuidPrimaryKey } from "./columns.ts";
import { workspaceRef, userRef } from "./foreign-keys.ts";

// ---- Reminder e-mails (issue 15): each person's notification settings and what was sent.

/**
 * A person's notification settings (the dialog and the profile); no row: the defaults (spec
 * §9: quarterly reviews on, monthly off, a week before the due date on; e-mails on). The
 * one-click unsubscribe link sets `email_reminders` off. `language` and `time_zone` are the
 * ones of the browser the person last used: reminders are written in that language and sent
 * on that zone's days (null: English, UTC).
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  emailReminders: boolean("email_reminders").notNull().default(true),
  quarterlyReviews: boolean("quarterly_reviews").notNull().default(true),
  monthlyReviews: boolean("monthly_reviews").notNull().default(false),
  weekBeforeDue: boolean("week_before_due").notNull().default(true),
  language: text("language", { enum: languages }),
  /** an IANA zone ("Europe/Brussels"), checked by the contract */
  timeZone: text("time_zone"),
  updatedAt: updatedAt(),
});

/**
 * One row per reminder sent (domain/hawl/reminders.ts names each by its key): the unique key
 * makes each reminder go out once per person and workspace, across restarts and instances.
 * The row and the mail's job are written in one transaction (services/send-due-reminders.ts).
 */
export const reminderSends = pgTable(
  "reminder_sends",
  {
    id: uuidPrimaryKey(),
    userId: userRef("user_id"),
    workspaceId: workspaceRef(),
    kind: text("kind", { enum: reminderKinds }).notNull(),
    reminderKey: text("reminder_key").notNull(),
    /** the day the reminder is about (due day or review day) */
    day: date("day", { mode: "string" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("reminder_sends_once_uq").on(t.userId, t.workspaceId, t.reminderKey),
    index("reminder_sends_workspace_idx").on(t.workspaceId),
  ],
);
