import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { useSession } from "~/features/auth/hooks/use-session";
import { useErrorMessage } from "~/features/auth/lib/error-message";
import {
  CURRENT_WORKSPACE_KEY,
  readKey,
  removeKey,
  writeKey,
} from "~/features/auth/lib/storage-keys";
import { fetchWorkspaces, postWorkspace } from "../api/workspaces-api";
import {
  WorkspacesContext,
  workspacesQueryKey,
  type Workspace,
  type WorkspacesState,
} from "../hooks/use-workspaces";

/** The signed-in person's workspaces and the current one (spec §4 "Workspace"). */
export function WorkspaceProvider({ children }: { children: React.ReactNode }) {
  const { status: sessionStatus, user } = useSession();
  const userId = sessionStatus === "signed-in" ? (user?.id ?? null) : null;
  const queryClient = useQueryClient();
  const { t } = useTranslation("workspaces");
  const describeError = useErrorMessage();
  // Each person starts from what this browser remembers (cleared on sign-out); the choice is
  // re-read whenever the signed-in person changes.
  const [choice, setChoice] = useState(() => ({
    userId,
    id: userId ? readKey(CURRENT_WORKSPACE_KEY) : null,
  }));
  if (choice.userId !== userId) {
    setChoice({ userId, id: userId ? readKey(CURRENT_WORKSPACE_KEY) : null });
  }
  const rememberedId = choice.id;

  const query = useQuery({
    queryKey: [...workspacesQueryKey, userId],
    queryFn: fetchWorkspaces,
    enabled: userId !== null,
  });

  useEffect(() => {
    if (query.isError) {
      toast.error(describeError(query.error, t("loadFailed")), { id: "workspaces-load" });
    }
  }, [query.isError, query.error, describeError, t]);

  const workspaces = useMemo(() => (userId ? (query.data ?? []) : []), [userId, query.data]);
  const current = useMemo<Workspace | null>(
    () => workspaces.find((w) => w.id === rememberedId) ?? workspaces[0] ?? null,
    [workspaces, rememberedId],
  );

  // Keep storage in step: the first workspace once the remembered one is gone, nothing when
  // the person has no workspace left.
  useEffect(() => {
    if (!userId || !query.isSuccess) return;
    if (current) writeKey(CURRENT_WORKSPACE_KEY, current.id);
    else removeKey(CURRENT_WORKSPACE_KEY);
  }, [userId, query.isSuccess, current]);

  const switchWorkspace = useCallback(
    (id: string) => {
      writeKey(CURRENT_WORKSPACE_KEY, id);
      setChoice({ userId, id });
    },
    [userId],
  );

  const createWorkspace = useCallback(
    async (name: string) => {
      const created = await postWorkspace(name.trim());
      queryClient.setQueryData<Workspace[]>([...workspacesQueryKey, userId], (list) => [
        ...(list ?? []).filter((w) => w.id !== created.id),
        created,
      ]);
      switchWorkspace(created.id);
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      toast.success(t("created"));
      return created;
    },
    [queryClient, userId, switchWorkspace, t],
  );

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
  }, [queryClient]);

  const status: WorkspacesState["status"] = !userId
    ? "idle"
    : query.isSuccess
      ? "ready"
      : query.isError
        ? "error"
        : "loading";

  const value = useMemo<WorkspacesState>(
    () => ({ status, workspaces, current, switchWorkspace, createWorkspace, refresh }),
    [status, workspaces, current, switchWorkspace, createWorkspace, refresh],
  );
  return <WorkspacesContext.Provider value={value}>{children}</WorkspacesContext.Provider>;
}
