import {
  formatHijriLong,
  milestoneTitle,
  toDayNumber,
  utcInstant,
  type Reminder,
  type ReminderKind,
} from "../../../domain/hawl/index.ts";
import type { MailLanguage } from "../../auth/language.ts";
import type { MailMessage } from "../mailer.ts";
import { emailCatalog, type EmailCatalog } from "./catalog.ts";
import { headerText, interpolateText, renderActionEmail } from "./render.ts";

// The reminder e-mail (issue 15): the reminders of one workspace due today for one person, in
// their language, one line each, dated in Gregorian and Hijri form. It carries the one-click
// unsubscribe link in the text and in List-Unsubscribe / List-Unsubscribe-Post (RFC 8058).

export interface ReminderMailInput {
  lang: MailLanguage;
  to: string;
  /** the person's name (may be empty; escaped like every value) */
  name: string;
  workspace: string;
  reminders: readonly Reminder[];
  /** the nisab tracker in the person's language */
  trackerUrl: string;
  /** the profile, where the notification settings are */
  settingsUrl: string;
  /** the one-click unsubscribe URL (GET: a confirmation page; POST: done) */
  unsubscribeUrl: string;
  site: string;
}

const locales: Record<MailLanguage, string> = { en: "en-US", fr: "fr-FR", nl: "nl-NL" };

/** "Monday, March 16, 2026 (27 Ramadan 1447 AH)" in the reader's language. */
function dayText(date: string, lang: MailLanguage): string {
  const gregorian = new Intl.DateTimeFormat(locales[lang], {
    dateStyle: "full",
    timeZone: "UTC",
  }).format(utcInstant(toDayNumber(date)));
  return `${gregorian} (${formatHijriLong(date, lang)})`;
}

type LineKey = "dueToday" | "dueSoon" | "zakatDueToday" | "zakatDueSoon" | "review";
type SubjectKey =
  | "subjectDueToday"
  | "subjectDueSoon"
  | "subjectZakatDueToday"
  | "subjectZakatDueSoon"
  | "subjectReview";

const lineKeys: Record<ReminderKind, LineKey> = {
  "due-today": "dueToday",
  "due-soon": "dueSoon",
  "zakat-due-today": "zakatDueToday",
  "zakat-due-soon": "zakatDueSoon",
  review: "review",
};

const subjectKeys: Record<ReminderKind, SubjectKey> = {
  "due-today": "subjectDueToday",
  "due-soon": "subjectDueSoon",
  "zakat-due-today": "subjectZakatDueToday",
  "zakat-due-soon": "subjectZakatDueSoon",
  review: "subjectReview",
};

function valuesOf(reminder: Reminder, lang: MailLanguage) {
  return {
    title: reminder.milestone ? milestoneTitle(reminder.milestone, lang) : "",
    days: reminder.daysLeft,
    date: dayText(reminder.date, lang),
  };
}

function subjectOf(input: ReminderMailInput, c: EmailCatalog): string {
  const [only] = input.reminders;
  if (input.reminders.length === 1 && only) {
    return interpolateText(c.reminder[subjectKeys[only.kind]], valuesOf(only, input.lang));
  }
  return interpolateText(c.reminder.subjectMany, {
    count: input.reminders.length,
    workspace: input.workspace,
  });
}

export function reminderEmail(input: ReminderMailInput): MailMessage {
  if (input.reminders.length === 0) throw new Error("reminderEmail: no reminder");
  const c = emailCatalog(input.lang);
  const subject = headerText(subjectOf(input, c));
  const lines = input.reminders.map((r) =>
    interpolateText(c.reminder[lineKeys[r.kind]], valuesOf(r, input.lang)),
  );
  const name = input.name.trim();
  const { html, text } = renderActionEmail({
    lang: input.lang,
    subject,
    preheader: interpolateText(c.reminder.preheader, { workspace: input.workspace }),
    greeting: name ? interpolateText(c.layout.greeting, { name }) : c.layout.greetingNoName,
    paragraphs: [interpolateText(c.reminder.intro, { workspace: input.workspace }), ...lines],
    action: { label: c.reminder.action, url: input.trackerUrl },
    linkFallback: c.layout.linkFallback,
    notes: [
      interpolateText(c.reminder.settings, { workspace: input.workspace, url: input.settingsUrl }),
      interpolateText(c.reminder.unsubscribe, { url: input.unsubscribeUrl }),
    ],
    signature: c.layout.signature,
    footer: interpolateText(c.layout.footer, { site: input.site }),
  });
  return {
    to: input.to,
    subject,
    html,
    text,
    headers: {
      "List-Unsubscribe": `<${input.unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
