import {
  milestoneChangeSchema,
  obligationSchema,
  trackerSettingsSchema,
  zakatDataSchema,
  type CreateMilestoneRequest,
  type CreateObligationRequest,
  type MilestoneChange,
  type MilestoneDto,
  type ObligationDto,
  type TrackerSettings,
  type ZakatData,
} from "../../../../contracts/zakat";
import { api } from "~/lib/api-client";

// The nisab tracker of a workspace (API.md "zakat", "milestones", "obligations"). Every write
// answers with the new state: callers put it in the query cache (or invalidate the key).

const base = (workspaceId: string) => `/api/workspaces/${encodeURIComponent(workspaceId)}`;

/** Every tracker query of a workspace: invalidate it after a change. */
export const zakatDataQueryKey = (workspaceId: string) => ["zakat", workspaceId] as const;

export async function fetchZakatData(workspaceId: string): Promise<ZakatData> {
  return zakatDataSchema.parse(await api<unknown>(`${base(workspaceId)}/zakat`));
}

/** POST …/milestones; rule violations reject with an ApiError (409, code DUPLICATE_…). */
export async function addMilestone(
  workspaceId: string,
  body: CreateMilestoneRequest,
): Promise<MilestoneChange> {
  return milestoneChangeSchema.parse(
    await api<unknown>(`${base(workspaceId)}/milestones`, { method: "POST", body }),
  );
}

export async function removeMilestone(workspaceId: string, id: string): Promise<MilestoneChange> {
  return milestoneChangeSchema.parse(
    await api<unknown>(`${base(workspaceId)}/milestones/${encodeURIComponent(id)}`, {
      method: "DELETE",
    }),
  );
}

/** POST …/milestones/restore: the undo of a removal (the rows it took out, as they were). */
export async function restoreMilestones(
  workspaceId: string,
  milestones: readonly MilestoneDto[],
): Promise<MilestoneChange> {
  return milestoneChangeSchema.parse(
    await api<unknown>(`${base(workspaceId)}/milestones/restore`, {
      method: "POST",
      body: { milestones },
    }),
  );
}

export async function addObligation(
  workspaceId: string,
  body: CreateObligationRequest,
): Promise<ObligationDto> {
  return obligationSchema.parse(
    await api<unknown>(`${base(workspaceId)}/obligations`, { method: "POST", body }),
  );
}

export async function recordPayment(
  workspaceId: string,
  id: string,
  body: { amount: string; paidOn?: string },
): Promise<ObligationDto> {
  return obligationSchema.parse(
    await api<unknown>(`${base(workspaceId)}/obligations/${encodeURIComponent(id)}/payments`, {
      method: "POST",
      body,
    }),
  );
}

export async function removeObligation(workspaceId: string, id: string): Promise<void> {
  await api<void>(`${base(workspaceId)}/obligations/${encodeURIComponent(id)}`, {
    method: "DELETE",
  });
}

export async function updateTrackerSettings(
  workspaceId: string,
  body: Partial<TrackerSettings>,
): Promise<TrackerSettings> {
  return trackerSettingsSchema.parse(
    await api<unknown>(`${base(workspaceId)}/zakat/settings`, { method: "PATCH", body }),
  );
}

/** The cached ZakatData after a milestone change (the answer carries the new timeline). */
export function withMilestoneChange(data: ZakatData, change: MilestoneChange): ZakatData {
  const { changed: _changed, ...timeline } = change;
  return { ...data, ...timeline };
}
