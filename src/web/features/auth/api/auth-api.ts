import * as auth from "#contracts/endpoints/auth.ts";
import type {
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  SendVerificationEmailRequest,
  SignInRequest,
  SignUpRequest,
} from "#contracts/auth.ts";
import { request } from "~/lib/api-client";

// Better Auth's standard endpoints (API.md "Auth"), called through their declarations
// (contracts/endpoints/auth.ts): each answer is checked against its schema. Better Auth's error
// bodies are `{ code, message }`; request() turns them into ApiError with that code.

export { getSession, type AuthUser } from "./session-api";

export function signInEmail(body: SignInRequest) {
  return request(auth.signIn, { body });
}

export function signUpEmail(body: SignUpRequest & { name: string; callbackURL: string }) {
  return request(auth.signUp, { body });
}

export function signOutRequest() {
  return request(auth.signOut, { body: {} });
}

/** Ends every session of the account and what works without one (decision 046). */
export function signOutEverywhereRequest() {
  return request(auth.signOutEverywhere, { body: {} });
}

export function sendVerificationEmail(
  body: SendVerificationEmailRequest & { callbackURL: string },
) {
  return request(auth.sendVerificationEmail, { body });
}

export function requestPasswordReset(body: RequestPasswordResetRequest) {
  return request(auth.requestPasswordReset, { body });
}

export function resetPassword(body: ResetPasswordRequest) {
  return request(auth.resetPassword, { body });
}
