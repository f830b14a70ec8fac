import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useLocalizedPath } from "~/app/language";
import { useWorkspaces, workspacesQueryKey, type Workspace } from "~/lib/use-workspaces";

/**
 * After the person deleted or left a workspace (spec §4 "Workspace"): switch to the first
 * remaining workspace or clear the choice, drop it from the cached list and its cached data,
 * go to /dashboard, then fetch the list again. Switching first means the provider never
 * reports it as a lost workspace.
 */
export function useWorkspaceDeparture(): (workspaceId: string) => Promise<void> {
  const queryClient = useQueryClient();
  const { workspaces, switchWorkspace, refresh } = useWorkspaces();
  const navigate = useNavigate();
  const to = useLocalizedPath();
  return useCallback(
    async (workspaceId: string) => {
      const remaining = workspaces.filter((w) => w.id !== workspaceId);
      switchWorkspace(remaining[0]?.id ?? null);
      queryClient.setQueriesData<Workspace[]>({ queryKey: workspacesQueryKey }, (list) =>
        list?.filter((w) => w.id !== workspaceId),
      );
      await navigate(to("/dashboard"));
      queryClient.removeQueries({
        predicate: (query) => query.queryKey.includes(workspaceId),
      });
      await refresh();
    },
    [workspaces, switchWorkspace, queryClient, navigate, to, refresh],
  );
}
