import { createContext, useContext } from "react";

export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}
export type SessionStatus = "loading" | "signed-in" | "signed-out";
export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Reads the session again from the server (e.g. after e-mail verification). */
  refresh(): Promise<void>;
  /**
   * Signs out, clears every stored user datum and the query cache, goes to the home page, and
   * says so in a toast unless `quiet` (the caller has said what happened: account deleted).
   */
  signOut(options?: { quiet?: boolean }): Promise<void>;
  /**
   * Signs in with e-mail and password. Resolves once signed in; the post-sign-in navigation
   * (stored destination or /dashboard) follows about 1000 ms later. Rejects with ApiError.
   */
  signIn(email: string, password: string): Promise<"signed-in" | "second-factor">;
  /**
   * After a sign-in finished another way (a code after the password, a passkey): reads the
   * session and goes on as signIn does. Rejects with ApiError.
   */
  finishSignIn(): Promise<void>;
  /** True between a successful sign-in and the navigation that follows it. */
  redirecting: boolean;
  /** True while a sign-out leaves a protected page (the guard then stores no destination). */
  signingOut: boolean;
}

const signedOut: SessionState = {
  status: "signed-out",
  user: null,
  refresh: async () => {},
  signOut: async () => {},
  signIn: async () => {
    throw new Error("SessionProvider is missing");
  },
  finishSignIn: async () => {
    throw new Error("SessionProvider is missing");
  },
  redirecting: false,
  signingOut: false,
};

export const SessionContext = createContext<SessionState>(signedOut);

export function useSession(): SessionState {
  return useContext(SessionContext);
}
