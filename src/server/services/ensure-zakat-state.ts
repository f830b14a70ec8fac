import { deriveTimeline, requireNissabDate, type Milestone } from "../../domain/hawl/index.ts";
import type { Tx } from "../db/repositories/executor.ts";
import {
  findZakatState,
  insertZakatState,
  listMilestones,
  type ZakatStateRow,
} from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { defaultTrackerSettings, toDomainMilestone } from "./tracker-records.ts";

/**
 * The workspace's zakat state, created on first need. Spec §5: creating it the first time needs a
 * nissab date, so a timeline without one gets 409 NISSAB_DATE_REQUIRED. Call under the
 * workspace's tracker lock. `known`: the state and the timeline as the caller already holds them
 * (a sync, sync-zakat-plan.ts), instead of reading them again.
 */
export async function ensureZakatState(
  tx: Tx,
  options: { workspaceId: string; userId: string },
  known?: { state: ZakatStateRow | null; timeline: readonly Milestone[] },
): Promise<ZakatStateRow> {
  const existing = known ? known.state : await findZakatState(tx, options.workspaceId);
  if (existing) return existing;
  const milestones =
    known?.timeline ?? (await listMilestones(tx, options.workspaceId)).map(toDomainMilestone);
  const refusal = requireNissabDate(deriveTimeline(milestones, defaultTrackerSettings.hawlRule));
  if (!refusal.ok) throw new AppError(refusal.code, refusal.message);
  return insertZakatState(tx, { workspaceId: options.workspaceId, userId: options.userId });
}
