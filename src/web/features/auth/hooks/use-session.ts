// STUB (owned by the auth/account helper): replace with the real implementation, same exports.
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
  refresh(): Promise<void>;
  signOut(): Promise<void>;
}
export function useSession(): SessionState {
  return { status: "signed-out", user: null, refresh: async () => {}, signOut: async () => {} };
}
