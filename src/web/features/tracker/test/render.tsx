import { renderAt } from "~/features/auth/test/render";
import { WorkspacesContext, type Workspace, type WorkspacesState } from "~/lib/use-workspaces";
import {
  workspacesState as sharedWorkspacesState,
  testWorkspace,
} from "~/features/workspaces/test/workspaces-state";
import { workspaceId } from "./tracker-api";

export const workspace: Workspace = testWorkspace({ id: workspaceId, name: "Family" });

export const workspacesState = (current: Workspace | null = workspace): WorkspacesState =>
  sharedWorkspacesState(current);

/**
 * Renders `element` at `at` ("/nisab", "/fr/nisab", …) in a memory router with the page
 * language, a fresh query client and the current workspace; /calendar and /fr/calendar exist
 * so links can be followed.
 */
export function renderTracker(
  at: string,
  element: React.ReactNode,
  state: WorkspacesState = workspacesState(),
) {
  const path = at.split("?")[0]!;
  return renderAt(
    at,
    { [path]: element, "/calendar": <p>calendar</p>, "/fr/calendar": <p>calendrier</p> },
    (children) => <WorkspacesContext.Provider value={state}>{children}</WorkspacesContext.Provider>,
  );
}

/** What jsdom lacks for Radix' popper (the date picker's popover). */
export function stubBrowserApis() {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
