import type { MilestoneDto } from "../../contracts/zakat.ts";
import type { Db } from "../db/client.ts";
import { listMilestones } from "../db/repositories/tracker.ts";
import { toDomainMilestone, toMilestoneDto } from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/** GET /api/workspaces/:ws/milestones: by date ascending. */
export async function listWorkspaceMilestones(options: {
  db: Db;
  userId: string;
  workspaceId: string;
}): Promise<MilestoneDto[]> {
  const workspaceId = await assertWorkspaceMember(options.db, options);
  const rows = await listMilestones(options.db, workspaceId);
  return rows.map((row) => toMilestoneDto(toDomainMilestone(row)));
}
