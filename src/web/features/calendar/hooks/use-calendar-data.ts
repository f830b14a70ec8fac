import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import type { MilestoneDto, ZakatData } from "#contracts/zakat.ts";
import { fetchZakatData, zakatDataQueryKey } from "~/features/tracker";
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
