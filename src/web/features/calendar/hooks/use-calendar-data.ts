import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import type { MilestoneDto, ZakatData } from "../../../../contracts/zakat";
import {
  fetchZakatData,
  removeMilestone,
  withMilestoneChange,
  zakatDataQueryKey,
} from "~/features/tracker/api/tracker-api";
import { indexByDay, sortedForCalendar, type DayIndex } from "../model/milestone-index";

export interface CalendarMilestones {
  /** sortMilestones order */
  sorted: readonly MilestoneDto[];
  /** each day's milestones, built once per change of the data */
  byDay: DayIndex<MilestoneDto>;
}

/** The workspace's ZakatData (shared with the tracker's pages through the same query key). */
export function useZakatData(workspaceId: string) {
  return useQuery({
    queryKey: zakatDataQueryKey(workspaceId),
    queryFn: () => fetchZakatData(workspaceId),
  });
}

/** Sorted and indexed by day once per answer, not per cell or per render. */
export function useCalendarMilestones(data: ZakatData | undefined): CalendarMilestones {
  const milestones = data?.milestones;
  return useMemo(() => {
    const sorted = sortedForCalendar(milestones ?? []);
    return { sorted, byDay: indexByDay(sorted) };
  }, [milestones]);
}

/**
 * DELETE …/milestones/:id. The answer is the new timeline (a threshold takes its reviews and its
 * threshold-down with it): it replaces the cached one. A failure (gone already, offline) makes
 * the cached data stale so that it is fetched again.
 */
export function useRemoveMilestone(workspaceId: string) {
  const queryClient = useQueryClient();
  const key = zakatDataQueryKey(workspaceId);
  return useMutation({
    mutationFn: (id: string) => removeMilestone(workspaceId, id),
    onSuccess: (change) => {
      queryClient.setQueryData<ZakatData>(key, (old) =>
        old ? withMilestoneChange(old, change) : old,
      );
    },
    onError: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
