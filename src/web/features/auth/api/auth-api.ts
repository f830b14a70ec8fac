import { api } from "~/lib/api-client";

// Better Auth's standard endpoints (API.md "Auth"). Its error bodies are `{ code, message }`;
// api() turns them into ApiError with that code.

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  image?: string | null;
  createdAt?: string;
  updatedAt?: string;
}

interface SessionResponse {
  user: AuthUser;
  session: { id: string; expiresAt: string };
}

/** The current session, or null when signed out. */
export async function getSession(): Promise<SessionResponse | null> {
  const data = await api<SessionResponse | null>("/api/auth/get-session");
  return data && data.user ? data : null;
}

export function signInEmail(body: { email: string; password: string; callbackURL?: string }) {
  return api<{ user: AuthUser }>("/api/auth/sign-in/email", { method: "POST", body });
}

export function signUpEmail(body: {
  email: string;
  password: string;
  name: string;
  callbackURL: string;
}) {
  return api<{ user: AuthUser }>("/api/auth/sign-up/email", { method: "POST", body });
}

export function signOutRequest() {
  return api<unknown>("/api/auth/sign-out", { method: "POST", body: {} });
}

export function sendVerificationEmail(body: { email: string; callbackURL: string }) {
  return api<unknown>("/api/auth/send-verification-email", { method: "POST", body });
}

export function requestPasswordReset(body: { email: string; redirectTo: string }) {
  return api<unknown>("/api/auth/request-password-reset", { method: "POST", body });
}

export function resetPassword(body: { newPassword: string; token: string }) {
  return api<unknown>("/api/auth/reset-password", { method: "POST", body });
}
