import ical, {
  ICalAlarmRelatesTo,
  ICalAlarmType,
  ICalCalendarMethod,
  ICalEventStatus,
  ICalEventTransparency,
} from "ical-generator";
import { feedEventOf } from "../../domain/hawl/calendar-feed.ts";
import type { Db } from "../db/client.ts";
import { feedMilestones, findServingFeed } from "../db/repositories/calendar-feeds.ts";
import { feedNotFound, hashFeedToken } from "./calendar-feed-records.ts";
import { feedCalendarName, feedEventWords } from "./calendar-feed-words.ts";

// How often calendar apps that honour it (Apple Calendar, Outlook) fetch the feed again.
const refreshSeconds = 3 * 3600;

/**
 * GET /api/workspaces/:ws/calendar.ics?token=… (no session: the token is the key). The
 * workspace's milestones as all-day events (domain/hawl/calendar-feed.ts) in the feed's
 * language (calendar-feed-words.ts). A token of no live feed, or of another workspace, gets the same 404 after the same
 * single lookup by hash, so the answer tells nothing about which it was.
 *
 * UIDs are the milestone's id at the server's host, so an event keeps its identity across
 * fetches; SEQUENCE and LAST-MODIFIED come from the milestone's revision, bumped by a trigger on
 * every change, so a calendar that compares them sees the update.
 */
export async function renderCalendarFeed(options: {
  db: Db;
  workspaceId: string;
  token: string;
  baseUrl: string;
}): Promise<string> {
  const { db } = options;
  const feed = await findServingFeed(db, hashFeedToken(options.token));
  if (!feed || feed.workspaceId !== options.workspaceId.toLowerCase()) throw feedNotFound();

  const host = new URL(options.baseUrl).host;
  const calendar = ical({
    name: feedCalendarName(feed.workspaceName, feed.language),
    prodId: { company: "Hawl", product: "Calendar feed", language: feed.language.toUpperCase() },
    // Outlook reads a feed without CALSCALE less reliably; Gregorian is the RFC's default anyway
    scale: "gregorian",
    method: ICalCalendarMethod.PUBLISH,
    ttl: refreshSeconds,
  });
  for (const m of await feedMilestones(db, feed.workspaceId)) {
    const event = feedEventOf(m);
    const words = feedEventWords(event, feed.language);
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
  const text = calendar.toString();
  // RFC 5545 ends every content line, the last one included, with CRLF
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}
