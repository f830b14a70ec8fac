import { SessionContext, type SessionState } from "~/lib/use-session";
import { renderAt } from "~/features/auth/test/render";
import { WorkspacesContext } from "~/lib/use-workspaces";
import { testWorkspace, workspacesState } from "~/features/workspaces/test/workspaces-state";

// A signed-in person with one workspace, for pages tested without the real providers.

export const signedInSession = {
  status: "signed-in",
  user: { id: "u1", email: "a@b.test", name: "A", emailVerified: true },
} as SessionState;

export const signedInWorkspace = testWorkspace({
  id: "11111111-1111-4111-8111-111111111111",
  name: "Family",
});

/** `routes` rendered at `at` for that person, in that workspace. */
export function renderSignedIn(at: string, routes: Record<string, React.ReactNode>) {
  return renderAt(at, routes, (c) => (
    <SessionContext.Provider value={signedInSession}>
      <WorkspacesContext.Provider value={workspacesState(signedInWorkspace)}>
        {c}
      </WorkspacesContext.Provider>
    </SessionContext.Provider>
  ));
}
