import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { useWorkspaces } from "~/lib/use-workspaces";

/**
 * A link may name the workspace it is about (`?workspace=<id>`: a reminder e-mail's link to
 * the tracker, issue 30): once the list is known, that workspace becomes the current one if the
 * person is a member of it, and the parameter leaves the address (a reload keeps the choice,
 * a later switch is not undone). An id the person cannot open is dropped quietly.
 */
export function useWorkspaceFromAddress(): void {
  const [params, setParams] = useSearchParams();
  const named = params.get("workspace");
  const { status, workspaces, current, switchWorkspace } = useWorkspaces();
  useEffect(() => {
    if (named === null || status !== "ready") return;
    if (current?.id !== named && workspaces.some((w) => w.id === named)) switchWorkspace(named);
    setParams(
      (next) => {
        next.delete("workspace");
        return next;
      },
      { replace: true },
    );
  }, [named, status, workspaces, current, switchWorkspace, setParams]);
}
