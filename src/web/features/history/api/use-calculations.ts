import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  calculationPageQueryKey,
  calculationsQueryKey,
  deleteCalculation,
  fetchCalculationPage,
  fetchLatestCalculations,
  latestCalculationsQueryKey,
} from "./calculations-api";

/** A history page of the workspace; nothing is fetched without a workspace. */
export function useCalculationPage(workspaceId: string | null, page: number) {
  return useQuery({
    queryKey: calculationPageQueryKey(workspaceId ?? "", page),
    queryFn: () => fetchCalculationPage(workspaceId!, page),
    enabled: workspaceId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The `latest` newest calculations of the workspace. */
export function useLatestCalculations(workspaceId: string | null, latest: number) {
  return useQuery({
    queryKey: latestCalculationsQueryKey(workspaceId ?? "", latest),
    queryFn: () => fetchLatestCalculations(workspaceId!, latest),
    enabled: workspaceId !== null,
  });
}

/**
 * DELETE …/calculations/:id, then every calculation query of the workspace (history pages, the
 * dashboard's latest list) is marked stale and the mounted ones fetch again.
 */
export function useDeleteCalculation(workspaceId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => {
      if (!workspaceId) throw new Error("No workspace");
      return deleteCalculation(workspaceId, id);
    },
    // Not awaited: the caller may move to another page first (spec §7, the previous page).
    onSettled: () => {
      if (workspaceId) {
        void queryClient.invalidateQueries({ queryKey: calculationsQueryKey(workspaceId) });
      }
    },
  });
}
