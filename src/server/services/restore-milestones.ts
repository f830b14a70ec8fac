import { createHash } from "node:crypto";
import type { MilestoneChange, RestoreMilestonesRequest } from "../../contracts/zakat.ts";
import { restoreMilestones } from "../../domain/hawl/index.ts";
import type { Db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { lockedTimeline, storeAddedMilestones } from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/**
 * The id a restored row gets: drawn from the workspace and the id the client sent, never the
 * client's id itself. Ids are unique across workspaces, so keeping the client's id would answer
 * differently for an id another workspace holds; this one depends on nothing outside the
 * workspace (issues 10 and 11), and the same undo sent twice gives the same ids.
 * A UUID of version 8 (custom); 122 bits of SHA-256, so no id of another workspace is hit.
 */
export function restoredMilestoneId(workspaceId: string, clientId: string): string {
  const bytes = createHash("sha256")
    .update(`hawl-restored-milestone:${workspaceId}:${clientId.toLowerCase()}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * POST /api/workspaces/:ws/milestones/restore: the undo of a removal. The removed rows go back
 * under the workspace's lock and in one transaction, with ids of their own
 * (`restoredMilestoneId`; links between milestones go by code, not id), returned in `changed`
 * and `milestones`. A row whose id (or restored id) the workspace still holds is skipped, so a
 * second undo changes nothing. The timeline must still pass the spec's rules (else the rule's
 * 409 and nothing is written). A restored threshold-down cancels its threshold's later reviews
 * again (majority rule).
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
    const { milestones, settings } = await lockedTimeline(tx, { workspaceId, userId });
    // only this workspace's rows decide: whatever another workspace holds changes nothing
    const held = new Set(milestones.map((m) => m.id));
    const rowsBack = restored
      .filter((m) => !held.has(m.id))
      .map((m) => ({ ...m, id: restoredMilestoneId(workspaceId, m.id) }));
    const result = restoreMilestones(milestones, rowsBack, { rule: settings.hawlRule });
    if (!result.ok) {
      const fields = result.date ? { ruleDate: result.date } : undefined;
      throw new AppError(result.code, result.message, { fields });
    }
    return storeAddedMilestones(tx, { workspaceId, userId }, result, settings);
  });
}
