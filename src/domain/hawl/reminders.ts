import { daysBetween } from "./calendar-day.ts";
import { isCancelled, type HawlRule, type Milestone } from "./milestone.ts";
import { zakatYearStatus, type TrackerYearBasis } from "./zakat-year.ts";

// Which reminder e-mails a person gets today about one workspace (issue 15; spec §9 and the
// notification settings of spec §2 "Dialogs"). Pure: "today" is the calendar day in the
// recipient's time zone (todayIn), chosen by the caller.
//
// - A due milestone added by hand (no review): an e-mail on its day, and one a week before
//   (exactly 7 days before) when the person keeps "a week before the due date" on.
// - The zakat due date, the end of the running zakat year (zakatYearStatus): the same two, the
//   week-before one while the year is running, the one on the day when the year completes.
// - A review milestone (spec §9): on its day, when the person switched that kind of review on
//   (quarterly: review-quarterly, monthly: review-monthly). The 100% review falls on the zakat
//   due date: when that day's due-date reminder is sent, the review is not said twice.
// Completed and cancelled milestones never remind. Each reminder has a key that names it for
// good (kind, milestone or year, day): the server sends a key once per person and workspace.

export const reminderKinds = [
  "due-soon",
  "due-today",
  "zakat-due-soon",
  "zakat-due-today",
  "review",
] as const;
export type ReminderKind = (typeof reminderKinds)[number];

/** The days between the week-before reminder and the due day. */
export const weekBeforeDays = 7;

/** What a person chose (the notification settings; the e-mail switch is the caller's). */
export interface ReminderChoice {
  quarterlyReviews: boolean;
  monthlyReviews: boolean;
  weekBeforeDue: boolean;
}

/** Spec §9: the notification dialog's defaults. */
export const defaultReminderChoice: Readonly<ReminderChoice> = {
  quarterlyReviews: true,
  monthlyReviews: false,
  weekBeforeDue: true,
};

/** A milestone as the reminders read it: every field the timeline keeps. */
export type ReminderMilestone = Milestone;

export interface Reminder {
  kind: ReminderKind;
  /** names this reminder for good: sent once per person and workspace */
  key: string;
  /** the day it is about: the due day or the review's day */
  date: string;
  /** days from today to `date`: 0 or weekBeforeDays */
  daysLeft: number;
  /** the milestone it is about; null for the zakat due date (the year's end) */
  milestone: ReminderMilestone | null;
}

function isReview(m: ReminderMilestone): boolean {
  return m.titleCode === "review-quarterly" || m.titleCode === "review-monthly";
}

/** The reminders due on `today`, in date order (the due date's before a milestone's). */
export function remindersDue(input: {
  milestones: readonly ReminderMilestone[];
  today: string;
  choice: ReminderChoice;
  rule: HawlRule;
  basis: TrackerYearBasis;
}): Reminder[] {
  const { today, choice } = input;
  const found: Reminder[] = [];

  const year = zakatYearStatus(input.milestones as Milestone[], input.rule, today, input.basis);
  let zakatDueToday: string | null = null;
  if (year.kind === "complete" && year.end === today) {
    zakatDueToday = year.end;
    found.push({
      kind: "zakat-due-today",
      key: `zakat-due-today:${year.start}:${year.end}`,
      date: year.end,
      daysLeft: 0,
      milestone: null,
    });
  } else if (
    year.kind === "running" &&
    choice.weekBeforeDue &&
    daysBetween(today, year.end) === weekBeforeDays
  ) {
    found.push({
      kind: "zakat-due-soon",
      key: `zakat-due-soon:${year.start}:${year.end}`,
      date: year.end,
      daysLeft: weekBeforeDays,
      milestone: null,
    });
  }

  for (const m of input.milestones) {
    if (m.type !== "due" || m.completed || isCancelled(m)) continue;
    const daysLeft = daysBetween(today, m.date);
    if (isReview(m)) {
      const wanted =
        m.titleCode === "review-quarterly" ? choice.quarterlyReviews : choice.monthlyReviews;
      // the 100% review is the due date itself, already in this e-mail
      const isDueDate = zakatDueToday === m.date && m.titleParams?.percent === 100;
      if (wanted && daysLeft === 0 && !isDueDate) {
        found.push({
          kind: "review",
          key: `review:${m.id}:${m.date}`,
          date: m.date,
          daysLeft,
          milestone: m,
        });
      }
    } else if (daysLeft === 0) {
      found.push({
        kind: "due-today",
        key: `due-today:${m.id}:${m.date}`,
        date: m.date,
        daysLeft,
        milestone: m,
      });
    } else if (daysLeft === weekBeforeDays && choice.weekBeforeDue) {
      found.push({
        kind: "due-soon",
        key: `due-soon:${m.id}:${m.date}`,
        date: m.date,
        daysLeft,
        milestone: m,
      });
    }
  }
  return found;
}
