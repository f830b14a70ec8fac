import { createContext, useContext } from "react";
import type { Workspace } from "../../contracts/workspaces";

export type { Workspace };

export interface WorkspacesState {
  /** idle: signed out; loading: first fetch; ready: list known; error: the fetch failed */
  status: "idle" | "loading" | "ready" | "error";
  /** The caller's workspaces, as GET /api/workspaces returns them. */
  workspaces: Workspace[];
  /** The remembered workspace if still a member, else the first; null when there is none. */
  current: Workspace | null;
  /** Makes a workspace current and remembers it in this browser; null clears the choice. */
  switchWorkspace(id: string | null): void;
  /** POST /api/workspaces, then makes the new workspace current. Rejects with ApiError. */
  createWorkspace(name: string): Promise<Workspace>;
  /**
   * Fetches the list again (after a rename, a delete, an accepted invitation). When the current
   * workspace is no longer in it (the person was removed), the provider says so and switches to
   * the first remaining one.
   */
  refresh(): Promise<void>;
}

/** React Query key of the list; other features invalidate it after changing workspaces. */
export const workspacesQueryKey = ["workspaces"] as const;

const none: WorkspacesState = {
  status: "idle",
  workspaces: [],
  current: null,
  switchWorkspace: () => {},
  createWorkspace: async () => {
    throw new Error("WorkspaceProvider is missing");
  },
  refresh: async () => {},
};

export const WorkspacesContext = createContext<WorkspacesState>(none);

export function useWorkspaces(): WorkspacesState {
  return useContext(WorkspacesContext);
}
