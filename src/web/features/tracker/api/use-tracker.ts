import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CreateMilestoneRequest,
  CreateObligationRequest,
  MilestoneChange,
  TrackerSettings,
  ZakatData,
} from "#contracts/zakat.ts";
import {
  addMilestone,
  addObligation,
  fetchZakatData,
  recordPayment,
  removeMilestone,
  removeObligation,
  updateTrackerSettings,
  withMilestoneChange,
  zakatDataQueryKey,
} from "./tracker-api";

// The tracker's queries and writes, one cache entry per workspace (zakatDataQueryKey). A
// milestone write answers with the new timeline, which goes into the cache at once; every write
// then invalidates the entry so the derived fields (totals, settings) are read again.

export function useZakatData(workspaceId: string | null) {
  return useQuery({
    queryKey: zakatDataQueryKey(workspaceId ?? ""),
    queryFn: () => fetchZakatData(workspaceId!),
    enabled: workspaceId !== null,
  });
}

export function useTrackerMutations(workspaceId: string) {
  const queryClient = useQueryClient();
  const key = zakatDataQueryKey(workspaceId);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });
  const applyMilestones = (change: MilestoneChange) => {
    queryClient.setQueryData<ZakatData>(key, (data) =>
      data ? withMilestoneChange(data, change) : data,
    );
    void refresh();
  };

  return {
    addMilestone: useMutation({
      mutationFn: (body: CreateMilestoneRequest) => addMilestone(workspaceId, body),
      onSuccess: applyMilestones,
    }),
    removeMilestone: useMutation({
      mutationFn: (id: string) => removeMilestone(workspaceId, id),
      onSuccess: applyMilestones,
    }),
    addObligation: useMutation({
      mutationFn: (body: CreateObligationRequest) => addObligation(workspaceId, body),
      onSuccess: refresh,
    }),
    recordPayment: useMutation({
      mutationFn: ({ id, amount }: { id: string; amount: string }) =>
        recordPayment(workspaceId, id, { amount }),
      onSuccess: refresh,
    }),
    removeObligation: useMutation({
      mutationFn: (id: string) => removeObligation(workspaceId, id),
      onSuccess: refresh,
    }),
    updateSettings: useMutation({
      mutationFn: (body: Partial<TrackerSettings>) => updateTrackerSettings(workspaceId, body),
      onSuccess: (settings) => {
        queryClient.setQueryData<ZakatData>(key, (data) => (data ? { ...data, settings } : data));
        void refresh();
      },
    }),
  };
}

export type TrackerMutations = ReturnType<typeof useTrackerMutations>;
