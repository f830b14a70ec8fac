import { formatDayWithWeekday, formatHijriDay } from "../../../domain/dates/index.ts";
import type { Reminder, ReminderKind } from "../../../domain/hawl/index.ts";
import type { MailLanguage } from "../../auth/language.ts";
import type { MailMessage } from "../mailer.ts";
import { serverT, type Translate } from "../../i18n/index.ts";
import { milestoneTitleIn } from "../../i18n/milestone-words.ts";
import { mailText } from "./layout.ts";
import { headerText, mailName, renderActionEmail, type Values } from "./render.ts";

// The reminder e-mail (issue 15): the reminders of one workspace due today for one person, in
// their language (locales/<lang>/email.json through i18next, with its plural rules), one line
// each, dated in Gregorian and Hijri form. It carries the one-click unsubscribe link in the text
// and in List-Unsubscribe / List-Unsubscribe-Post (RFC 8058).

export interface ReminderMailInput {
  lang: MailLanguage;
  to: string;
  /** the person's name (may be empty; escaped like every value) */
  name: string;
  workspace: string;
  reminders: readonly Reminder[];
  /** the nisab tracker of this workspace (`?workspace=<id>`) in the person's language */
  trackerUrl: string;
  /** the profile, where the notification settings are */
  settingsUrl: string;
  /** the one-click unsubscribe URL (GET: a confirmation page; POST: done) */
  unsubscribeUrl: string;
  site: string;
}

/** "Monday 16 March 2026 (27 Ramadan 1447 AH)" in the reader's language (decision 055). */
function dayText(date: string, lang: MailLanguage): string {
  return `${formatDayWithWeekday(date, lang)} (${formatHijriDay(date, lang)})`;
}

const lineKeys: Record<ReminderKind, string> = {
  "due-today": "reminder.dueToday",
  "due-soon": "reminder.dueSoon",
  "zakat-due-today": "reminder.zakatDueToday",
  "zakat-due-soon": "reminder.zakatDueSoon",
  review: "reminder.review",
};

const subjectKeys: Record<ReminderKind, string> = {
  "due-today": "reminder.subjectDueToday",
  "due-soon": "reminder.subjectDueSoon",
  "zakat-due-today": "reminder.subjectZakatDueToday",
  "zakat-due-soon": "reminder.subjectZakatDueSoon",
  review: "reminder.subjectReview",
};

/** A reminder's values; `count` is the days left, for the plural forms of "in 7 days". */
function valuesOf(reminder: Reminder, lang: MailLanguage): Values {
  return {
    title: reminder.milestone ? milestoneTitleIn(reminder.milestone, lang) : "",
    count: reminder.daysLeft,
    date: dayText(reminder.date, lang),
  };
}

function subjectOf(input: ReminderMailInput, t: Translate): string {
  const [only] = input.reminders;
  if (input.reminders.length === 1 && only) {
    return mailText(t, subjectKeys[only.kind], valuesOf(only, input.lang));
  }
  return mailText(t, "reminder.subjectMany", {
    count: input.reminders.length,
    workspace: input.workspace,
  });
}

export function reminderEmail(input: ReminderMailInput): MailMessage {
  if (input.reminders.length === 0) throw new Error("reminderEmail: no reminder");
  const t = serverT(input.lang, "email");
  const workspace = { workspace: input.workspace };
  const subject = headerText(subjectOf(input, t));
  const lines = input.reminders.map((r) => mailText(t, lineKeys[r.kind], valuesOf(r, input.lang)));
  // the same rule as the other e-mails (catalogEmail): a name made safe, else no name
  const name = mailName(input.name);
  const action = { label: mailText(t, "reminder.action", workspace), url: input.trackerUrl };
  const { html, text } = renderActionEmail({
    lang: input.lang,
    subject,
    preheader: mailText(t, "reminder.preheader", workspace),
    greeting: name ? mailText(t, "layout.greeting", { name }) : t("layout.greetingNoName"),
    paragraphs: [mailText(t, "reminder.intro", workspace), ...lines],
    action,
    actionLine: t("layout.actionLine", { label: action.label }),
    linkFallback: t("layout.linkFallback"),
    notes: [
      mailText(t, "reminder.settings", { ...workspace, url: input.settingsUrl }),
      mailText(t, "reminder.unsubscribe", { url: input.unsubscribeUrl }),
    ],
    signature: t("layout.signature"),
    footer: mailText(t, "layout.footer", { site: input.site }),
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
