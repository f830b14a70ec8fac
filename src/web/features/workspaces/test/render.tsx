import { Toaster } from "sonner";
import { SessionContext, type SessionState } from "~/lib/use-session";
import { renderAt } from "~/features/auth/test/render";
import { WorkspaceProvider } from "../components/workspace-provider";
import { useWorkspaces } from "~/lib/use-workspaces";
import { ME } from "./workspace-api";

export function sessionState(status: SessionState["status"]): SessionState {
  return {
    status,
    user:
      status === "signed-in"
        ? { id: ME, email: "me@example.org", name: "Me", emailVerified: true }
        : null,
    refresh: async () => {},
    signOut: async () => {},
    signIn: async () => "signed-in",
    finishSignIn: async () => {},
    redirecting: false,
    signingOut: false,
  };
}

/** The current workspace as the real provider resolves it, on any page. */
export function CurrentProbe() {
  const { current } = useWorkspaces();
  return <output data-testid="current">{current?.name ?? "none"}</output>;
}

/**
 * `routes` in a memory router at `at`, inside a session of `status` and the real
 * WorkspaceProvider (over the stubbed fetch), with a toaster; /dashboard shows a probe.
 */
export function renderWithWorkspaces(
  at: string,
  routes: Record<string, React.ReactNode>,
  status: SessionState["status"] = "signed-in",
) {
  return renderAt(
    at,
    { "/dashboard": <p>Dashboard</p>, "/fr/dashboard": <p>Dashboard</p>, ...routes },
    (children) => (
      <SessionContext.Provider value={sessionState(status)}>
        <WorkspaceProvider>
          {children}
          <CurrentProbe />
          <Toaster />
        </WorkspaceProvider>
      </SessionContext.Provider>
    ),
  );
}

// for other features' tests that need the real provider or page
export { WorkspaceProvider };
export { WorkspaceSettingsPage } from "../components/workspace-settings-page";
