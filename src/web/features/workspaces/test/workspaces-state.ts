import type { Workspace, WorkspacesState } from "~/lib/use-workspaces";

// A workspace and a settled workspaces state, for pages tested without the real provider
// (its own tests, render.tsx here, drive the provider against the API).

/** An owned workspace created on 1 January 2025; `overrides` names and identifies it. */
export function testWorkspace(overrides: Partial<Workspace> = {}): Workspace {
  return {
    id: "00000000-0000-4000-8000-00000000000a",
    name: "Personal",
    role: "owner",
    createdBy: "u1",
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** The provider's state once the list is known: `current` alone, or no workspace at all. */
export function workspacesState(current: Workspace | null): WorkspacesState {
  return {
    status: "ready",
    workspaces: current ? [current] : [],
    current,
    switchWorkspace: () => {},
    createWorkspace: async (name) => testWorkspace({ name }),
    refresh: async () => {},
  };
}
