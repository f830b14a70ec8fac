import type { CreatedCalendarFeedDto } from "../../contracts/calendar-feeds.ts";
import type { Language } from "../../domain/language.ts";
import type { PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import {
  countLiveFeedsOf,
  displayNameOf,
  insertCalendarFeed,
} from "../db/repositories/calendar-feeds.ts";
import {
  feedUrls,
  hashFeedToken,
  newFeedToken,
  toCalendarFeedDto,
} from "./calendar-feed-records.ts";
import { assertMayAddCalendarIntegration } from "./plan-limits.ts";
import { workspaceMembershipOf } from "./workspace-access.ts";

/**
 * POST /api/workspaces/:ws/calendar-feeds (members): a new secret feed URL, returned this once
 * (only the token's hash is stored). Each live feed is one calendar integration of the
 * creator's plan, checked under the lock on the creator's row in the inserting transaction, so
 * two requests for the last slot cannot both pass.
 */
export async function createCalendarFeed(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  language: Language;
  baseUrl: string;
  defaultPlan?: PlanId;
}): Promise<CreatedCalendarFeedDto> {
  const { db, userId } = options;
  const token = newFeedToken();
  const { row, isOwner, creatorName } = await db.transaction(async (tx) => {
    const { workspaceId, membership } = await workspaceMembershipOf(tx, options);
    await assertMayAddCalendarIntegration(tx, {
      userId,
      defaultPlan: options.defaultPlan,
      countIntegrations: (t) => countLiveFeedsOf(t, userId),
    });
    const inserted = await insertCalendarFeed(tx, {
      workspaceId,
      createdBy: userId,
      tokenHash: hashFeedToken(token),
      language: options.language,
    });
    return {
      row: inserted,
      isOwner: membership.role === "owner",
      creatorName: await displayNameOf(tx, userId),
    };
  });
  return {
    ...toCalendarFeedDto({ ...row, creatorName }, { userId, isOwner }),
    ...feedUrls(options.baseUrl, row.workspaceId, token),
  };
}
