import { randomUUID } from "node:crypto";
import type { MilestoneChange, RestoreMilestonesRequest } from "../../contracts/zakat.ts";
import { deriveTimeline, restoreMilestones, sortMilestones } from "../../domain/hawl/index.ts";
import type { Db } from "../db/client.ts";
import {
  findZakatState,
  insertMilestones,
  listMilestones,
  milestoneIdsElsewhere,
  retitleMilestone,
} from "../db/repositories/tracker.ts";
import { AppError } from "../http/errors.ts";
import {
  lockTrackerAsMember,
  settingsOf,
  toDomainMilestone,
  toMilestoneDto,
} from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/**
 * POST /api/workspaces/:ws/milestones/restore: the undo of a removal. The removed rows go back
 * with their ids, under the workspace's lock and in one transaction; the timeline must still
 * pass the spec's rules (else the rule's 409 and nothing is written). A restored threshold-down
 * cancels its threshold's later reviews again (majority rule).
 */
export async function restoreWorkspaceMilestones(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  request: RestoreMilestonesRequest;
}): Promise<MilestoneChange> {
  const { db, userId, request } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  const restored = request.milestones.map((m) => ({ ...m, id: m.id.toLowerCase() }));
  return db.transaction(async (tx) => {
    await lockTrackerAsMember(tx, { workspaceId, userId });
    const [rows, state] = await Promise.all([
      listMilestones(tx, workspaceId),
      findZakatState(tx, workspaceId),
    ]);
    const { hawlRule, yearBasis } = settingsOf(state);
    // an id another workspace holds cannot be this workspace's removed row (its ids were free
    // once deleted): such a row comes back under a fresh id instead of colliding (issue 10)
    const elsewhere = await milestoneIdsElsewhere(
      tx,
      workspaceId,
      restored.map((m) => m.id),
    );
    const rowsBack = restored.map((m) => (elsewhere.has(m.id) ? { ...m, id: randomUUID() } : m));
    const result = restoreMilestones(rows.map(toDomainMilestone), rowsBack, { rule: hawlRule });
    if (!result.ok) throw new AppError(result.code, result.message);
    await insertMilestones(
      tx,
      workspaceId,
      result.added.map((m) => ({ ...toMilestoneDto(m), userId })),
    );
    for (const m of result.retitled) await retitleMilestone(tx, workspaceId, m.id, m.title);
    return {
      ...deriveTimeline(result.milestones, hawlRule, yearBasis),
      milestones: sortMilestones(result.milestones).map(toMilestoneDto),
      changed: result.added.map((m) => m.id),
    };
  });
}
