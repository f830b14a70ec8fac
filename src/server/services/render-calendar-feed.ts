import ical, {
  type ICalCalendar,
  ICalAlarmRelatesTo,
  ICalAlarmType,
  ICalCalendarMethod,
  ICalEventStatus,
  ICalEventTransparency,
} from "ical-generator";
import { feedEventOf } from "../../domain/hawl/calendar-feed.ts";
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
  feedEventWords,
} from "./calendar-feed-words.ts";

// How often calendar apps that honour it (Apple Calendar, Outlook) fetch the feed again.
const refreshSeconds = 3 * 3600;

/** Events rendered between two yields to the event loop: some tens of milliseconds of work. */
const eventsPerSlice = 50;

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
 * ical-generator writes a whole calendar in one synchronous call (about a millisecond an event,
 * most of it folding lines): the events are written some tens at a time, each slice as a
 * calendar of its own whose events part is kept, with a turn of the event loop between slices,
 * so that other requests are answered while a large feed is written. The text is the one a
 * single call would give: folding is line by line.
 */
export async function renderCalendarFeed(options: {
  db: Db;
  feed: ServingFeed;
  window: FeedWindow;
  baseUrl: string;
}): Promise<string> {
  const { db, feed, window } = options;
  const host = new URL(options.baseUrl).host;
  const calendarOf = () =>
    ical({
      name: feedCalendarName(feed.workspaceName, feed.language),
      description: feedCalendarDescription(window, feed.language),
      prodId: { company: "Hawl", product: "Calendar feed", language: feed.language.toUpperCase() },
      // Outlook reads a feed without CALSCALE less reliably; Gregorian is the RFC's default anyway
      scale: "gregorian",
      method: ICalCalendarMethod.PUBLISH,
      ttl: refreshSeconds,
    });
  const empty = calendarOf().toString();
  const header = empty.slice(0, empty.lastIndexOf(endOfCalendar));
  const parts = [header];
  const rows = await feedMilestones(db, feed.workspaceId, window);
  for (let at = 0; at < rows.length; at += eventsPerSlice) {
    if (at > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const calendar = calendarOf();
    for (const m of rows.slice(at, at + eventsPerSlice)) addEvent(calendar, m, feed.language, host);
    const text = calendar.toString();
    if (!text.startsWith(header)) throw new Error("calendar feed: a slice's header differs");
    parts.push(text.slice(header.length, text.lastIndexOf(endOfCalendar)));
  }
  // RFC 5545 ends every content line, the last one included, with CRLF
  parts.push(`${endOfCalendar}\r\n`);
  return parts.join("");
}

function addEvent(
  calendar: ICalCalendar,
  m: FeedMilestone,
  language: ServingFeed["language"],
  host: string,
): void {
  const event = feedEventOf(m);
  const words = feedEventWords(event, language);
  const created = calendar.createEvent({
    id: `${m.id}@${host}`,
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
}
