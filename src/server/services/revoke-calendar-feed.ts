import { uuidPattern } from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import { deleteCalendarFeed, findCalendarFeed } from "../db/repositories/calendar-feeds.ts";
import { AppError } from "../errors.ts";
import { feedTextCache } from "./calendar-feed-cache.ts";
import { feedNotFound } from "./calendar-feed-records.ts";
import { workspaceMembershipOf } from "./workspace-access.ts";

/**
 * DELETE /api/workspaces/:ws/calendar-feeds/:id: its creator or an owner of the workspace
 * (another member: 403 FORBIDDEN). The row is deleted, so its URL answers 404 at once and it no
 * longer counts against the creator's plan.
 */
export async function revokeCalendarFeed(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  id: string;
}): Promise<void> {
  await options.db.transaction(async (tx) => {
    const { workspaceId, membership } = await workspaceMembershipOf(tx, options);
    const id = options.id.toLowerCase();
    const feed = uuidPattern.test(id) ? await findCalendarFeed(tx, workspaceId, id) : null;
    if (!feed) throw feedNotFound();
    if (feed.createdBy !== options.userId && membership.role !== "owner") {
      throw new AppError("FORBIDDEN", "Only its creator or an owner can revoke this feed.");
    }
    await deleteCalendarFeed(tx, workspaceId, id);
  });
  // its text is of no use to anyone now (the lookup answers 404 before the cache)
  feedTextCache.drop(options.id.toLowerCase());
}
