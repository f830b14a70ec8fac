import type { CalendarFeedDto } from "../../contracts/calendar-feeds.ts";
import type { Db } from "../db/client.ts";
import { listCalendarFeeds } from "../db/repositories/calendar-feeds.ts";
import { toCalendarFeedDto } from "./calendar-feed-records.ts";
import { workspaceMembershipOf } from "./workspace-access.ts";

/**
 * GET /api/workspaces/:ws/calendar-feeds (members): every live feed of the workspace, newest
 * first, so an owner sees (and may revoke) a feed a member made. URLs are never shown again.
 */
export async function listWorkspaceCalendarFeeds(options: {
  db: Db;
  userId: string;
  workspaceId: string;
}): Promise<CalendarFeedDto[]> {
  const { workspaceId, membership } = await workspaceMembershipOf(options.db, options);
  const viewer = { userId: options.userId, isOwner: membership.role === "owner" };
  return (await listCalendarFeeds(options.db, workspaceId)).map((row) =>
    toCalendarFeedDto(row, viewer),
  );
}
