import * as auth from "#contracts/endpoints/auth.ts";
import * as factors from "#contracts/endpoints/second-factors.ts";
import type {
  DisableTwoFactorRequest,
  VerifyTwoFactorRequest,
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  SendVerificationEmailRequest,
  SignInRequest,
  SignUpRequest,
} from "#contracts/auth.ts";
import { request } from "~/lib/api-client";
import type { WebAuthnJson } from "~/lib/webauthn";

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

// ---- Second factors (decision 071)

export function enableTwoFactor(password: string) {
  return request(factors.enableTwoFactor, { body: { password } });
}

/** A code: confirms turning two-factor on, or finishes a sign-in that asked for one. */
export function verifyTotp(body: VerifyTwoFactorRequest) {
  return request(factors.verifyTotp, { body });
}

export function verifyBackupCode(body: VerifyTwoFactorRequest) {
  return request(factors.verifyBackupCode, { body });
}

export function disableTwoFactor(body: DisableTwoFactorRequest) {
  return request(factors.disableTwoFactor, { body });
}

export function listPasskeys() {
  return request(factors.listPasskeys);
}

export function deletePasskey(id: string) {
  return request(factors.deletePasskey, { body: { id } });
}

export function passkeyRegisterOptions() {
  return request(factors.passkeyRegisterOptions);
}

export function verifyPasskeyRegistration(response: WebAuthnJson, name: string) {
  return request(factors.passkeyVerifyRegistration, {
    body: { response: response as never, name },
  });
}

export function passkeyAuthenticateOptions() {
  return request(factors.passkeyAuthenticateOptions);
}

export function verifyPasskeyAuthentication(response: WebAuthnJson) {
  return request(factors.passkeyVerifyAuthentication, { body: { response: response as never } });
}

/** Whether two-factor is on for the signed-in account (Better Auth's user field). */
export async function twoFactorEnabled(): Promise<boolean> {
  const session = await request(auth.getSession);
  return (session?.user as { twoFactorEnabled?: unknown } | undefined)?.twoFactorEnabled === true;
}
