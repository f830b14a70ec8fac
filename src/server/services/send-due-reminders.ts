import type { Logger } from "pino";
import { isTimeZone } from "../../contracts/notifications.ts";
import {
  addDays,
  remindersDue,
  todayIn,
  weekBeforeDays,
  type Reminder,
} from "../../domain/hawl/index.ts";
import { isLanguage, type Language } from "../../domain/language.ts";
import type { Db } from "../db/client.ts";
import {
  recordReminderSends,
  reminderRecipients,
  workspacesWithRemindersBetween,
  type ReminderRecipient,
} from "../db/repositories/reminders.ts";
import { findZakatState, listMilestones } from "../db/repositories/tracker.ts";
import type { QueuedMailer } from "../mail/mail-queue.ts";
import { reminderEmail } from "../mail/templates/reminder.ts";
import { unsubscribeToken } from "../mail/unsubscribe-token.ts";
import { settingsOf as trackerSettingsOf, toDomainMilestone } from "./tracker-records.ts";

// The reminder scan (issue 15), run by the scheduled job every hour on one instance (and by
// tests with their own clock). For every workspace that may owe a reminder, every member who
// wants e-mails gets the reminders due on their own today (their time zone), from 08:00 their
// time on: the first scan after that hour sends them. One e-mail per person and workspace
// lists them. Each reminder's row (reminder_sends, unique per person, workspace and key) and
// the e-mail's job are written in one transaction: a reminder is queued once, whichever
// instance or restart scans, and a crash between the two cannot lose or double it.

/** The local hour from which a day's reminders go out. */
export const reminderHour = 8;

export interface ReminderScanOutcome {
  /** e-mails queued by this scan */
  emails: number;
  /** reminders in them */
  reminders: number;
}

function hourIn(timeZone: string, now: Date): number {
  const hour = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    hourCycle: "h23",
  }).format(now);
  return Number(hour);
}

function pathPrefix(lang: Language): string {
  return lang === "en" ? "" : `/${lang}`;
}

export async function sendDueReminders(options: {
  db: Db;
  mailer: QueuedMailer;
  now: Date;
  baseUrl: string;
  /** signs the unsubscribe links (BETTER_AUTH_SECRET) */
  secret: string;
  logger?: Logger;
}): Promise<ReminderScanOutcome> {
  const { db, now } = options;
  const outcome: ReminderScanOutcome = { emails: 0, reminders: 0 };
  // every time zone's today is within a day of UTC's; the week-before ones are 7 days ahead
  const utcToday = todayIn("UTC", now);
  const workspaceIds = await workspacesWithRemindersBetween(
    db,
    addDays(utcToday, -1),
    addDays(utcToday, weekBeforeDays + 1),
  );
  for (const workspaceId of workspaceIds) {
    try {
      const sent = await remindWorkspace({ ...options, workspaceId });
      outcome.emails += sent.emails;
      outcome.reminders += sent.reminders;
    } catch (error) {
      // one workspace's failure (say, a member's odd row) does not stop the others' reminders
      options.logger?.error({ err: error, workspaceId }, "reminders of a workspace not sent");
    }
  }
  if (outcome.emails > 0) options.mailer.wake();
  return outcome;
}

async function remindWorkspace(options: {
  db: Db;
  mailer: QueuedMailer;
  now: Date;
  baseUrl: string;
  secret: string;
  workspaceId: string;
}): Promise<ReminderScanOutcome> {
  const { db, now, workspaceId } = options;
  const [rows, state, members] = await Promise.all([
    listMilestones(db, workspaceId),
    findZakatState(db, workspaceId),
    reminderRecipients(db, workspaceId),
  ]);
  const milestones = rows.map(toDomainMilestone);
  const tracker = trackerSettingsOf(state);
  const outcome: ReminderScanOutcome = { emails: 0, reminders: 0 };
  for (const recipient of members.recipients) {
    const settings = recipient.settings;
    if (!recipient.emailVerified || settings?.emailReminders === false) continue;
    const zone = settings?.timeZone && isTimeZone(settings.timeZone) ? settings.timeZone : "UTC";
    if (hourIn(zone, now) < reminderHour) continue;
    const due = remindersDue({
      milestones,
      today: todayIn(zone, now),
      choice: {
        quarterlyReviews: settings?.quarterlyReviews ?? true,
        monthlyReviews: settings?.monthlyReviews ?? false,
        weekBeforeDue: settings?.weekBeforeDue ?? true,
      },
      rule: tracker.hawlRule,
      basis: tracker.yearBasis,
    });
    if (due.length === 0) continue;
    const lang: Language =
      settings?.language && isLanguage(settings.language) ? settings.language : "en";
    const sent = await queueReminders({
      ...options,
      recipient,
      lang,
      workspaceName: members.workspaceName ?? "",
      due,
    });
    if (sent > 0) {
      outcome.emails += 1;
      outcome.reminders += sent;
    }
  }
  return outcome;
}

/** One transaction: the rows of the reminders not sent before, and their e-mail's job. */
async function queueReminders(options: {
  db: Db;
  mailer: QueuedMailer;
  baseUrl: string;
  secret: string;
  workspaceId: string;
  workspaceName: string;
  recipient: ReminderRecipient;
  lang: Language;
  due: Reminder[];
}): Promise<number> {
  const { recipient, lang, baseUrl } = options;
  return options.db.transaction(async (tx) => {
    const fresh = await recordReminderSends(
      tx,
      options.due.map((r) => ({
        userId: recipient.userId,
        workspaceId: options.workspaceId,
        kind: r.kind,
        key: r.key,
        day: r.date,
      })),
    );
    const reminders = options.due.filter((r) => fresh.has(r.key));
    if (reminders.length === 0) return 0;
    const prefix = pathPrefix(lang);
    const token = unsubscribeToken(options.secret, recipient.userId);
    await options.mailer.sendIn(
      tx,
      reminderEmail({
        lang,
        to: recipient.email,
        name: recipient.name,
        workspace: options.workspaceName,
        reminders,
        // the workspace by its id: the tracker opens that one, not the one last chosen there
        trackerUrl: `${baseUrl}${prefix}/nisab?workspace=${options.workspaceId}`,
        settingsUrl: `${baseUrl}${prefix}/profile`,
        unsubscribeUrl: `${baseUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
        site: baseUrl,
      }),
    );
    return reminders.length;
  });
}
