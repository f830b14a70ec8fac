import { randomUUID } from "node:crypto";
import type { CreateMilestoneRequest, MilestoneChange } from "../../contracts/zakat.ts";
import { addMilestone } from "../../domain/hawl/index.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { reviewTitlesIn } from "../i18n/milestone-words.ts";
import {
  lockedTimeline,
  personToday,
  sqlStateOf,
  storeAddedMilestones,
} from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/**
 * POST /api/workspaces/:ws/milestones: the spec's rules (§4, §5) applied by the domain to the
 * workspace's whole timeline, under the workspace's lock, and the changes written in the same
 * transaction: the milestone, its generated reviews, and the " (Cancelled)" titles.
 */
export async function addWorkspaceMilestone(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  request: CreateMilestoneRequest;
  now: Date;
}): Promise<MilestoneChange> {
  const { db, userId, request, now } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  try {
    return await db.transaction(async (tx) => {
      const { milestones, settings } = await lockedTimeline(tx, { workspaceId, userId });
      const result = addMilestone(
        milestones,
        {
          date: request.date,
          title: request.title,
          type: request.type,
          quarterlyReminder: request.reminders?.quarterly ?? false,
          monthlyReminder: request.reminders?.monthly ?? false,
          titleCode: request.titleCode ?? null,
        },
        {
          now,
          newId: randomUUID,
          reviewTitles: reviewTitlesIn(request.language ?? "en"),
          rule: settings.hawlRule,
          today: personToday(request.today, now),
        },
      );
      if (!result.ok) {
        // ruleDate: the day the message names, for the web's own wording of it
        const fields = { date: result.code, ...(result.date && { ruleDate: result.date }) };
        throw new AppError(result.code, result.message, { fields });
      }
      return storeAddedMilestones(tx, { workspaceId, userId }, result, settings);
    });
  } catch (error) {
    // the lock makes this unreachable between two requests of this server; the index still
    // guards writers that skip the lock, and they get the spec's answer too
    if (!(error instanceof AppError) && sqlStateOf(error) === "23505") {
      throw new AppError(
        "DUPLICATE_THRESHOLD_DATE",
        "Cannot add a threshold milestone on the same date as another threshold milestone.",
        { fields: { date: "DUPLICATE_THRESHOLD_DATE" }, cause: error },
      );
    }
    throw error;
  }
}
