import { addDays } from "./calendar-day.ts";
import { formatHijriLong, type HawlLanguage } from "./hijri.ts";
import { isCancelled, type Milestone, type MilestoneType } from "./milestone.ts";
import { milestoneTitle } from "./titles.ts";

// What a workspace's calendar feed says about each milestone (issue 15, decision 016), as plain
// data: the server writes it out as iCalendar. One all-day event per milestone, on its day,
// titled and described in the feed's language, with the Hijri date in the description. Only
// what still needs doing rings: a due milestone (a review or a due date added by hand) that is
// neither completed nor cancelled gets two alarms, a week before at 09:00 and on the day at
// 09:00 (floating, the reader's own time, as the event is all-day).

export interface FeedAlarm {
  /** seconds from the start of the event's day; negative is before */
  offsetSeconds: number;
  description: string;
}

export interface FeedEvent {
  /** the milestone's id; the server makes it a UID with its host */
  milestoneId: string;
  /** the event's day, "YYYY-MM-DD" */
  start: string;
  /** the day after (DTEND of an all-day event is exclusive) */
  end: string;
  summary: string;
  description: string;
  cancelled: boolean;
  completed: boolean;
  alarms: FeedAlarm[];
}

interface FeedWords {
  hijriDate: (hijri: string) => string;
  kind: Record<MilestoneType, string>;
  cancelled: string;
  completed: string;
  zakatDueOn: (gregorian: string, hijri: string) => string;
  weekBefore: (title: string) => string;
  onTheDay: (title: string) => string;
}

export const feedWords: Readonly<Record<HawlLanguage, FeedWords>> = {
  en: {
    hijriDate: (hijri) => `Hijri date: ${hijri}`,
    kind: {
      due: "Zakat reminder",
      threshold: "Your wealth reached the nisab: the hawl starts.",
      "threshold-down": "Your wealth fell below the nisab.",
      payment: "Zakat payment",
    },
    cancelled: "Cancelled",
    completed: "Done",
    zakatDueOn: (day, hijri) => `Zakat due on ${day} (${hijri}) if the hawl completes.`,
    weekBefore: (title) => `In a week: ${title}`,
    onTheDay: (title) => `Today: ${title}`,
  },
  fr: {
    hijriDate: (hijri) => `Date hégirienne : ${hijri}`,
    kind: {
      due: "Rappel de zakat",
      threshold: "Votre patrimoine a atteint le nisab : le hawl commence.",
      "threshold-down": "Votre patrimoine est passé sous le nisab.",
      payment: "Paiement de zakat",
    },
    cancelled: "Annulé",
    completed: "Fait",
    zakatDueOn: (day, hijri) => `Zakat due le ${day} (${hijri}) si le hawl se complète.`,
    weekBefore: (title) => `Dans une semaine : ${title}`,
    onTheDay: (title) => `Aujourd’hui : ${title}`,
  },
  nl: {
    hijriDate: (hijri) => `Hijri-datum: ${hijri}`,
    kind: {
      due: "Zakatherinnering",
      threshold: "Je vermogen heeft de nisab bereikt: de hawl begint.",
      "threshold-down": "Je vermogen is onder de nisab gezakt.",
      payment: "Zakatbetaling",
    },
    cancelled: "Geannuleerd",
    completed: "Klaar",
    zakatDueOn: (day, hijri) => `Zakat verschuldigd op ${day} (${hijri}) als de hawl rond is.`,
    weekBefore: (title) => `Over een week: ${title}`,
    onTheDay: (title) => `Vandaag: ${title}`,
  },
};

const hour = 3600;
const day = 24 * hour;
/** 09:00 seven days before the day, and 09:00 on the day */
export const weekBeforeOffset = -7 * day + 9 * hour;
export const onTheDayOffset = 9 * hour;

/** The day as the feed's readers write it: 01/03/2026 in en (en-GB), fr and nl alike. */
function gregorian(date: string): string {
  return `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;
}

/** The feed's event for one milestone, in `lang`. */
export function feedEventOf(
  m: Pick<
    Milestone,
    "id" | "date" | "title" | "type" | "completed" | "endDate" | "titleCode" | "titleParams"
  >,
  lang: HawlLanguage,
): FeedEvent {
  const words = feedWords[lang];
  const title = milestoneTitle(m, lang);
  const cancelled = isCancelled(m);
  const status = cancelled ? words.cancelled : m.completed ? words.completed : null;
  const lines = [words.hijriDate(formatHijriLong(m.date, lang)), words.kind[m.type]];
  if (m.type === "threshold" && m.endDate) {
    lines.push(words.zakatDueOn(gregorian(m.endDate), formatHijriLong(m.endDate, lang)));
  }
  const rings = m.type === "due" && !cancelled && !m.completed;
  return {
    milestoneId: m.id,
    start: m.date,
    end: addDays(m.date, 1),
    summary: status ? `${title} (${status})` : title,
    description: lines.join("\n"),
    cancelled,
    completed: m.completed,
    alarms: rings
      ? [
          { offsetSeconds: weekBeforeOffset, description: words.weekBefore(title) },
          { offsetSeconds: onTheDayOffset, description: words.onTheDay(title) },
        ]
      : [],
  };
}

/** The calendar's own name: "Hawl – <workspace>". */
export function feedCalendarName(workspaceName: string): string {
  return `Hawl – ${workspaceName}`;
}
