import { SessionContext, type SessionState } from "~/lib/use-session";

/** A session in `status` (signed in as u1), with `fields` replacing its parts. */
export const sessionState = (
  status: SessionState["status"],
  fields: Partial<SessionState> = {},
): SessionState => ({
  status,
  user:
    status === "signed-in"
      ? { id: "u1", email: "a@example.org", name: "A", emailVerified: true }
      : null,
  refresh: async () => {},
  signOut: async () => {},
  signIn: async () => "signed-in",
  finishSignIn: async () => {},
  redirecting: false,
  signingOut: false,
  ...fields,
});

/** A `renderAt` wrap that gives its children `state` as the session. */
export const withSession = (state: SessionState) => (children: React.ReactNode) => (
  <SessionContext.Provider value={state}>{children}</SessionContext.Provider>
);

// for other features' tests that need the real provider
export { SessionProvider } from "../components/session-provider";
