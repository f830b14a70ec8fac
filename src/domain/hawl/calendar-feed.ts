import { addDays } from "./calendar-day.ts";
import { isCancelled, type HawlRule, type Milestone, type MilestoneType } from "./milestone.ts";
import { milestoneTitle, type MilestoneTitleText } from "./titles.ts";
import { zakatYearEnd, type TrackerYearBasis } from "./year-basis.ts";

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
  | { code: "zakat-due-on"; date: string }
  /** a zakat-due event's: the day its hawl began */
  | { code: "hawl-began-on"; date: string };

export interface FeedEvent {
  /** a milestone's own event, or the due date of the zakat year a threshold starts */
  kind: "milestone" | "zakat-due";
  /** the milestone's id (for a zakat-due event, "<threshold id>-zakat-due"); the server makes it a UID with its host */
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
    kind: "milestone",
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

type NisabRow = Pick<Milestone, "id" | "date" | "type">;

/**
 * The due date of every zakat year among `rows` (issue 30 #7): each threshold's year end on the
 * tracker's basis, unless that year has no due date. Majority rule: a threshold-down on or
 * before the end broke it (PRODUCT.md), and a later threshold before the end restarted it (rows
 * stored before decision 052). Hanafi rule: a threshold inside a running year starts none, and a
 * year whose end finds the wealth below nisab owes nothing.
 */
export function zakatDueDates<T extends NisabRow>(
  rows: readonly T[],
  rule: HawlRule,
  basis: TrackerYearBasis,
): { threshold: T; due: string }[] {
  // date order, a threshold-down first on its day (timeline.ts)
  const nisab = rows
    .filter((m) => m.type === "threshold" || m.type === "threshold-down")
    .sort((a, b) =>
      a.date !== b.date ? (a.date < b.date ? -1 : 1) : a.type === "threshold-down" ? -1 : 1,
    );
  const dues: { threshold: T; due: string }[] = [];
  let runningEnd: string | null = null;
  nisab.forEach((m, i) => {
    if (m.type !== "threshold") return;
    if (rule === "hanafi" && runningEnd !== null && m.date < runningEnd) return;
    const due = zakatYearEnd(m.date, basis);
    runningEnd = due;
    if (rule === "majority") {
      const next = nisab[i + 1];
      if (next && next.date <= due && (next.type === "threshold-down" || next.date < due)) return;
    } else {
      const atEnd = nisab.filter((n) => n.date <= due).at(-1);
      if (atEnd?.type === "threshold-down") return;
    }
    dues.push({ threshold: m, due });
  });
  return dues;
}

/** The feed's all-day "Zakat due" event of a zakat year, ringing as a due milestone does. */
export function zakatDueEventOf(
  threshold: Pick<Milestone, "id" | "date" | "title" | "titleCode" | "titleParams">,
  due: string,
): FeedEvent {
  return {
    kind: "zakat-due",
    milestoneId: `${threshold.id}-zakat-due`,
    start: due,
    end: addDays(due, 1),
    title: milestoneTitle(threshold),
    status: null,
    description: [
      { code: "hijri-date", date: due },
      { code: "hawl-began-on", date: threshold.date },
    ],
    cancelled: false,
    completed: false,
    alarms: [
      { offsetSeconds: weekBeforeOffset, kind: "week-before" },
      { offsetSeconds: onTheDayOffset, kind: "on-the-day" },
    ],
  };
}
