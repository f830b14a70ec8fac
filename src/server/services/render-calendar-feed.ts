import { performance } from "node:perf_hooks";
import ical, {
  type ICalCalendar,
  type ICalEvent,
  ICalAlarmRelatesTo,
  ICalAlarmType,
  ICalCalendarMethod,
  ICalEventStatus,
  ICalEventTransparency,
} from "ical-generator";
import {
  feedEventOf,
  zakatDueDates,
  zakatDueEventOf,
  type FeedEvent,
} from "../../domain/hawl/calendar-feed.ts";
import type { Db } from "../db/client.ts";
import {
  feedMilestones,
  type FeedMilestone,
  type FeedWindow,
  type ServingFeed,
} from "../db/repositories/calendar-feeds.ts";
import {
  feedCalendarDescription,
  feedCalendarName,
  feedWordsIn,
  type FeedEventWords,
} from "./calendar-feed-words.ts";
import { foldLines } from "./calendar-feed-fold.ts";
import { findZakatState } from "../db/repositories/tracker.ts";
import { settingsOf } from "./tracker-records.ts";

// How often calendar apps that honour it (Apple Calendar, Outlook) fetch the feed again.
const refreshSeconds = 3 * 3600;

/** The longest the feed writes events before it lets other requests run (milliseconds). */
const sliceMs = 15;

const endOfCalendar = "END:VCALENDAR";

/**
 * The text of a feed found by findServingFeed: the workspace's milestones in `window` as
 * all-day events (domain/hawl/calendar-feed.ts) in the feed's language
 * (calendar-feed-words.ts). Called through the feed cache (serve-calendar-feed.ts), once per
 * version of the feed.
 *
 * UIDs are the milestone's id at the server's host, so an event keeps its identity across
 * fetches; SEQUENCE and LAST-MODIFIED come from the milestone's revision, bumped by a trigger on
 * every change, so a calendar that compares them sees the update.
 *
 * ical-generator writes a whole calendar in one synchronous call and folds its lines at about a
 * millisecond an event: the header is its text of the calendar without events, each event is
 * its own text folded by calendar-feed-fold.ts (the same bytes, linear time), with a turn of the
 * event loop every 15 ms of work, so that a large feed does not hold other requests.
 *
 * Each zakat year's due date is an all-day "Zakat due" event with the due milestones' alarms
 * (issue 30 #7): it derives from the milestones and the tracker's settings, both in the feed's
 * version, and takes its threshold's revision.
 */
export async function renderCalendarFeed(options: {
  db: Db;
  feed: ServingFeed;
  window: FeedWindow;
  baseUrl: string;
}): Promise<string> {
  const { db, feed, window } = options;
  const host = new URL(options.baseUrl).host;
  const calendar = ical({
    name: feedCalendarName(feed.workspaceName, feed.language),
    description: feedCalendarDescription(window, feed.language),
    prodId: { company: "Hawl", product: "Calendar feed", language: feed.language.toUpperCase() },
    // Outlook reads a feed without CALSCALE less reliably; Gregorian is the RFC's default anyway
    scale: "gregorian",
    method: ICalCalendarMethod.PUBLISH,
    ttl: refreshSeconds,
  });
  const empty = calendar.toString();
  const parts = [empty.slice(0, empty.lastIndexOf(endOfCalendar))];
  const [rows, state] = await Promise.all([
    feedMilestones(db, feed.workspaceId, window),
    findZakatState(db, feed.workspaceId),
  ]);
  const { hawlRule, yearBasis } = settingsOf(state);
  const events = rows.map((m) => ({ m, event: feedEventOf(m) }));
  for (const { threshold, due } of zakatDueDates(rows, hawlRule, yearBasis)) {
    events.push({ m: threshold, event: zakatDueEventOf(threshold, due) });
  }
  const wordsOf = feedWordsIn(feed.language);
  let sliceStart = performance.now();
  for (const { m, event } of events) {
    if (performance.now() - sliceStart > sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      sliceStart = performance.now();
    }
    parts.push(foldLines(eventOf(calendar, m, event, wordsOf, host).toString()));
  }
  // RFC 5545 ends every content line, the last one included, with CRLF
  parts.push(`${endOfCalendar}\r\n`);
  return parts.join("");
}

function eventOf(
  calendar: ICalCalendar,
  m: FeedMilestone,
  event: FeedEvent,
  wordsOf: (event: FeedEvent) => FeedEventWords,
  host: string,
): ICalEvent {
  const words = wordsOf(event);
  const created = calendar.createEvent({
    id: `${event.milestoneId}@${host}`,
    start: event.start,
    end: event.end,
    allDay: true,
    summary: words.summary,
    description: words.description,
    sequence: m.revision,
    stamp: m.changedAt,
    lastModified: m.changedAt,
    status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    // an all-day reminder does not make the reader look busy
    transparency: ICalEventTransparency.TRANSPARENT,
  });
  for (const alarm of words.alarms) {
    // ical-generator counts seconds before the start. Set one by one: its constructor drops
    // relatesTo, and without RELATED=START an "on the day" alarm (a positive offset) would
    // be written RELATED=END, the day after an all-day event.
    created
      .createAlarm({ type: ICalAlarmType.display, description: alarm.description })
      .trigger(-alarm.offsetSeconds)
      .relatesTo(ICalAlarmRelatesTo.start);
  }
  return created;
}
