import { addDays } from "./calendar-day.ts";
import { isCancelled, type Milestone, type MilestoneType } from "./milestone.ts";
import { milestoneTitle, type MilestoneTitleText } from "./titles.ts";

// What a workspace's calendar feed says about each milestone (issue 15, decision 016), as plain
// data: the server puts it in words (locales/<lang>/calendar-feeds.json `feed`) and writes it
// out as iCalendar. One all-day event per milestone, on its day, with the Hijri date in the
// description. Only what still needs doing rings: a due milestone (a review or a due date added
// by hand) that is neither completed nor cancelled gets two alarms, a week before at 09:00 and
// on the day at 09:00 (floating, the reader's own time, as the event is all-day).

export interface FeedAlarm {
  /** seconds from the start of the event's day; negative is before */
  offsetSeconds: number;
  kind: "week-before" | "on-the-day";
}

/** One line of an event's description, in order. */
export type FeedLine =
  /** the event day's Hijri date */
  | { code: "hijri-date"; date: string }
  /** what kind of milestone it is */
  | { code: "kind"; type: MilestoneType }
  /** a threshold's: the day zakat falls due if the hawl completes */
  | { code: "zakat-due-on"; date: string };

export interface FeedEvent {
  /** the milestone's id; the server makes it a UID with its host */
  milestoneId: string;
  /** the event's day, "YYYY-MM-DD" */
  start: string;
  /** the day after (DTEND of an all-day event is exclusive) */
  end: string;
  /** the summary: the milestone's title, and its status when it has one */
  title: MilestoneTitleText;
  status: "cancelled" | "completed" | null;
  description: FeedLine[];
  cancelled: boolean;
  completed: boolean;
  alarms: FeedAlarm[];
}

const hour = 3600;
const day = 24 * hour;
/** 09:00 seven days before the day, and 09:00 on the day */
export const weekBeforeOffset = -7 * day + 9 * hour;
export const onTheDayOffset = 9 * hour;

/** The feed's event for one milestone. */
export function feedEventOf(
  m: Pick<
    Milestone,
    "id" | "date" | "title" | "type" | "completed" | "endDate" | "titleCode" | "titleParams"
  >,
): FeedEvent {
  const cancelled = isCancelled(m);
  const description: FeedLine[] = [
    { code: "hijri-date", date: m.date },
    { code: "kind", type: m.type },
  ];
  if (m.type === "threshold" && m.endDate) {
    description.push({ code: "zakat-due-on", date: m.endDate });
  }
  const rings = m.type === "due" && !cancelled && !m.completed;
  return {
    milestoneId: m.id,
    start: m.date,
    end: addDays(m.date, 1),
    title: milestoneTitle(m),
    status: cancelled ? "cancelled" : m.completed ? "completed" : null,
    description,
    cancelled,
    completed: m.completed,
    alarms: rings
      ? [
          { offsetSeconds: weekBeforeOffset, kind: "week-before" },
          { offsetSeconds: onTheDayOffset, kind: "on-the-day" },
        ]
      : [],
  };
}
