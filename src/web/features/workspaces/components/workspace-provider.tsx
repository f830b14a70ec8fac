import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { useSession } from "~/lib/use-session";
import { errorMessageLater } from "~/lib/error-message";
import { translateLater } from "~/app/translate-later";
import { ApiError } from "~/lib/api-client";
import { subscribeToApiErrors } from "~/lib/api-errors";
import { CURRENT_WORKSPACE_KEY, readKey, removeKey, writeKey } from "~/lib/storage-keys";
import {
  WorkspacesContext,
  workspacesQueryKey,
  type Workspace,
  type WorkspacesState,
} from "~/lib/use-workspaces";

// The API module (and zod, which checks its answers) loads only once someone is signed in:
// public pages render this provider too, and never ask for workspaces.
const workspacesApi = () => import("../api/workspaces-api");

/** The signed-in person's workspaces and the current one (spec §4 "Workspace"). */
export function WorkspaceProvider({ children }: { children: React.ReactNode }) {
  const { status: sessionStatus, user } = useSession();
  const userId = sessionStatus === "signed-in" ? (user?.id ?? null) : null;
  const queryClient = useQueryClient();
  // the workspaces and errors catalogs load when a toast needs them (decision 035)
  const { i18n } = useTranslation();
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
    queryFn: async () => (await workspacesApi()).fetchWorkspaces(),
    enabled: userId !== null,
  });

  useEffect(() => {
    if (query.isError) {
      const error = query.error;
      void translateLater(i18n, "workspaces", (t) => t("workspaces:loadFailed"))
        .then((fallback) => errorMessageLater(i18n, error, fallback))
        .then((text) => toast.error(text, { id: "workspaces-load" }));
    }
  }, [query.isError, query.error, i18n]);

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

  // The chosen workspace missing from a fresh list means the person lost access to it (removed
  // by an owner, deleted elsewhere): say so once and move on to the first remaining one.
  // Leaving or deleting from this page switches first, so it never counts as a loss.
  const previousList = useRef<{ userId: string; list: Workspace[] } | null>(null);
  useEffect(() => {
    if (!userId || !query.isSuccess) return;
    const list = query.data;
    const previous = previousList.current?.userId === userId ? previousList.current.list : null;
    previousList.current = { userId, list };
    if (!rememberedId || list.some((w) => w.id === rememberedId)) return;
    const lost = previous?.find((w) => w.id === rememberedId);
    if (lost) {
      void translateLater(i18n, "workspaces", (t) =>
        t("workspaces:accessLost", { name: lost.name }),
      ).then((text) => toast.warning(text, { id: "workspace-lost" }));
    } else if (previous === null) {
      // remembered from an earlier visit, gone since
      void translateLater(i18n, "workspaces", (t) => t("workspaces:previousUnavailable")).then(
        (text) => toast.warning(text, { id: "workspace-lost" }),
      );
    }
    setChoice({ userId, id: list[0]?.id ?? null });
  }, [userId, query.isSuccess, query.data, rememberedId, i18n]);

  // A workspace-scoped request answered 404: the person may have been removed from the
  // workspace (the API answers non-members exactly as for a missing workspace). Check the list
  // again; the effect above handles what it shows.
  useEffect(() => {
    if (!userId) return;
    const onError = (error: unknown) => {
      if (error instanceof ApiError && error.status === 404 && error.code === "NOT_FOUND") {
        void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      }
    };
    return subscribeToApiErrors(queryClient, onError);
  }, [queryClient, userId]);

  const switchWorkspace = useCallback(
    (id: string | null) => {
      if (id) writeKey(CURRENT_WORKSPACE_KEY, id);
      else removeKey(CURRENT_WORKSPACE_KEY);
      setChoice({ userId, id });
    },
    [userId],
  );

  const createWorkspace = useCallback(
    async (name: string) => {
      const created = await (await workspacesApi()).postWorkspace(name.trim());
      queryClient.setQueryData<Workspace[]>([...workspacesQueryKey, userId], (list) => [
        ...(list ?? []).filter((w) => w.id !== created.id),
        created,
      ]);
      switchWorkspace(created.id);
      void queryClient.invalidateQueries({ queryKey: workspacesQueryKey });
      void translateLater(i18n, "workspaces", (t) => t("workspaces:created")).then((text) =>
        toast.success(text),
      );
      return created;
    },
    [queryClient, userId, switchWorkspace, i18n],
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
