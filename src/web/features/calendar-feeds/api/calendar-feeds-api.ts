import {
  calendarFeedListSchema,
  createdCalendarFeedSchema,
  type CalendarFeedDto,
  type CreateCalendarFeedRequest,
  type CreatedCalendarFeedDto,
} from "../../../../contracts/calendar-feeds";
import { api } from "~/lib/api-client";

// The calendar feeds of a workspace (API.md "calendar-feeds", decision 016).

const feeds = (workspaceId: string) =>
  `/api/workspaces/${encodeURIComponent(workspaceId)}/calendar-feeds`;

export const calendarFeedsQueryKey = (workspaceId: string) =>
  ["calendar-feeds", workspaceId] as const;

export async function fetchCalendarFeeds(workspaceId: string): Promise<CalendarFeedDto[]> {
  return calendarFeedListSchema.parse(await api<unknown>(feeds(workspaceId)));
}

/** The new feed with its secret URL, which the server shows this once. */
export async function createCalendarFeed(
  workspaceId: string,
  request: CreateCalendarFeedRequest,
): Promise<CreatedCalendarFeedDto> {
  return createdCalendarFeedSchema.parse(
    await api<unknown>(feeds(workspaceId), { method: "POST", body: request }),
  );
}

export async function revokeCalendarFeed(workspaceId: string, feedId: string): Promise<void> {
  await api<void>(`${feeds(workspaceId)}/${encodeURIComponent(feedId)}`, { method: "DELETE" });
}
