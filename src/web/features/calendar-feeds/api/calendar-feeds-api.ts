import type {
  CalendarFeedDto,
  CreateCalendarFeedRequest,
  CreatedCalendarFeedDto,
} from "#contracts/calendar-feeds.ts";
import * as feeds from "#contracts/endpoints/calendar-feeds.ts";
import { request } from "~/lib/api-client";

// The calendar feeds of a workspace (API.md "calendar-feeds", decision 016).

export const calendarFeedsQueryKey = (workspaceId: string) =>
  ["calendar-feeds", workspaceId] as const;

export async function fetchCalendarFeeds(workspaceId: string): Promise<CalendarFeedDto[]> {
  return request(feeds.listCalendarFeeds, { params: { ws: workspaceId } });
}

/** The new feed with its secret URL, which the server shows this once. */
export async function createCalendarFeed(
  workspaceId: string,
  body: CreateCalendarFeedRequest,
): Promise<CreatedCalendarFeedDto> {
  return request(feeds.createCalendarFeed, { params: { ws: workspaceId }, body });
}

export async function revokeCalendarFeed(workspaceId: string, feedId: string): Promise<void> {
  await request(feeds.revokeCalendarFeed, { params: { ws: workspaceId, id: feedId } });
}
