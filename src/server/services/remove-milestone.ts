import type { MilestoneChange } from "../../contracts/zakat.ts";
import { uuidPattern } from "../../contracts/calculations.ts";
import { removeMilestone } from "../../domain/hawl/index.ts";
import type { Db } from "../db/client.ts";
import { deleteMilestones, retitleMilestone } from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { lockedTimeline, milestoneChange } from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

const milestoneNotFound = () => new AppError("NOT_FOUND", "Milestone not found.");

/**
 * DELETE /api/workspaces/:ws/milestones/:id: a threshold takes its children (parent_code) with
 * it, in the same transaction (spec §4).
 */
export async function removeWorkspaceMilestone(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  id: string;
}): Promise<MilestoneChange> {
  const { db } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  if (!uuidPattern.test(options.id)) throw milestoneNotFound();
  const id = options.id.toLowerCase();
  return db.transaction(async (tx) => {
    const { milestones, settings } = await lockedTimeline(tx, {
      workspaceId,
      userId: options.userId,
    });
    if (!milestones.some((m) => m.id === id)) throw milestoneNotFound();
    const result = removeMilestone(milestones, id);
    await deleteMilestones(tx, workspaceId, result.removed);
    // removing a threshold-down gives the reviews it cancelled their titles back
    for (const m of result.retitled) await retitleMilestone(tx, workspaceId, m.id, m.title);
    return milestoneChange(result.milestones, settings, result.removed);
  });
}
