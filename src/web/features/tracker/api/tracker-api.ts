import type {
  CreateMilestoneRequest,
  CreateObligationRequest,
  MilestoneChange,
  MilestoneDto,
  ObligationDto,
  TrackerSettings,
  ZakatData,
} from "#contracts/zakat.ts";
import { request, requestCompiled } from "~/lib/api-client";
import { getZakatData } from "~/lib/signed-in-calls";

// The nisab tracker of a workspace (API.md "zakat", "milestones", "obligations"). Every write
// answers with the new state: callers put it in the query cache (or invalidate the key).
// The data is checked by its generated parser (decision 035); the declarations (and zod, which
// their schemas need, and decimal.js, which the amounts' checks need) load with the first write.
const tracker = () => import("#contracts/endpoints/tracker.ts");

/** Every tracker query of a workspace: invalidate it after a change. */
export const zakatDataQueryKey = (workspaceId: string) => ["zakat", workspaceId] as const;

export async function fetchZakatData(workspaceId: string): Promise<ZakatData> {
  return requestCompiled(getZakatData, { params: { ws: workspaceId } });
}

/** POST …/milestones; rule violations reject with an ApiError (409, code DUPLICATE_…). */
export async function addMilestone(
  workspaceId: string,
  body: CreateMilestoneRequest,
): Promise<MilestoneChange> {
  return request((await tracker()).addMilestone, { params: { ws: workspaceId }, body });
}

export async function removeMilestone(workspaceId: string, id: string): Promise<MilestoneChange> {
  return request((await tracker()).removeMilestone, { params: { ws: workspaceId, id } });
}

/** POST …/milestones/restore: the undo of a removal (the rows it took out, as they were). */
export async function restoreMilestones(
  workspaceId: string,
  milestones: readonly MilestoneDto[],
): Promise<MilestoneChange> {
  return request((await tracker()).restoreMilestones, {
    params: { ws: workspaceId },
    body: { milestones: [...milestones] },
  });
}

export async function addObligation(
  workspaceId: string,
  body: CreateObligationRequest,
): Promise<ObligationDto> {
  return request((await tracker()).addObligation, { params: { ws: workspaceId }, body });
}

export async function recordPayment(
  workspaceId: string,
  id: string,
  body: { amount: string; paidOn?: string },
): Promise<ObligationDto> {
  return request((await tracker()).recordPayment, { params: { ws: workspaceId, id }, body });
}

export async function removeObligation(workspaceId: string, id: string): Promise<void> {
  await request((await tracker()).removeObligation, { params: { ws: workspaceId, id } });
}

export async function updateTrackerSettings(
  workspaceId: string,
  body: Partial<TrackerSettings>,
): Promise<TrackerSettings> {
  return request((await tracker()).updateTrackerSettings, { params: { ws: workspaceId }, body });
}

/** The cached ZakatData after a milestone change (the answer carries the new timeline). */
export function withMilestoneChange(data: ZakatData, change: MilestoneChange): ZakatData {
  const { changed: _changed, ...timeline } = change;
  return { ...data, ...timeline };
}
