import { z } from "zod";
import {
  backupCodesResponseSchema,
  disableTwoFactorRequestSchema,
  enableTwoFactorRequestSchema,
  enableTwoFactorResponseSchema,
  generateBackupCodesRequestSchema,
  passkeyIdRequestSchema,
  passkeySchema,
  renamePasskeyRequestSchema,
  sessionUserSchema,
  verifyPasskeyAuthenticationRequestSchema,
  verifyPasskeyRegistrationRequestSchema,
  verifyTwoFactorRequestSchema,
  webAuthnOptionsSchema,
} from "../auth.ts";
import { betterAuthEndpoint } from "./types.ts";

// Better Auth's twoFactor and passkey routes that Hawl opens (decision 071); every other route
// of those plugins stays closed (decision 047).

const signedIn = z.object({ user: sessionUserSchema.loose() }).loose();
const statusAnswer = z.object({ status: z.boolean() }).loose();
/** A wrong password or code answers 401 and counts in the sign-in limits (429). */
const guessErrors = [400, 401, 429] as const;

/** What verify-totp and verify-backup-code share: a code finishing a sign-in. */
const codeSignIn = {
  method: "post",
  auth: "none",
  body: verifyTwoFactorRequestSchema,
  responses: { 200: { description: "Code accepted (signed in)", schema: signedIn } },
  errors: guessErrors,
} as const;

export const enableTwoFactor = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/two-factor/enable",
  summary:
    "Start turning two-factor on: the password; answers the authenticator's otpauth:// URI " +
    "and ten backup codes (shown once). Confirmed by a first code (verify-totp)",
  auth: "session",
  body: enableTwoFactorRequestSchema,
  responses: {
    200: { description: "Secret and backup codes", schema: enableTwoFactorResponseSchema },
  },
  errors: guessErrors,
});

export const verifyTotp = betterAuthEndpoint({
  ...codeSignIn,
  path: "/api/auth/two-factor/verify-totp",
  summary:
    "A code from the authenticator: confirms turning two-factor on (signed in), or finishes a " +
    "sign-in that answered `twoFactorRedirect` (its two-factor cookie); `trustDevice` skips the " +
    "code on this browser for 30 days. Wrong codes count in the sign-in limits",
});

export const verifyBackupCode = betterAuthEndpoint({
  ...codeSignIn,
  path: "/api/auth/two-factor/verify-backup-code",
  summary:
    "Finish a sign-in with one of the backup codes instead of a code (each works once); " +
    "wrong codes count in the sign-in limits",
});

export const disableTwoFactor = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/two-factor/disable",
  summary: "Turn two-factor off: the password and a code (or a backup code)",
  auth: "session",
  body: disableTwoFactorRequestSchema,
  responses: { 200: { description: "Turned off", schema: statusAnswer } },
  errors: guessErrors,
});

export const generateBackupCodes = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/two-factor/generate-backup-codes",
  summary: "Ten new backup codes (the password); the previous ones stop working",
  auth: "session",
  body: generateBackupCodesRequestSchema,
  responses: { 200: { description: "New backup codes", schema: backupCodesResponseSchema } },
  errors: guessErrors,
});

export const passkeyRegisterOptions = betterAuthEndpoint({
  method: "get",
  path: "/api/auth/passkey/generate-register-options",
  summary: "WebAuthn options to add a passkey (a session signed in within the last day)",
  auth: "session",
  responses: { 200: { description: "Creation options", schema: webAuthnOptionsSchema } },
  errors: [401, 403],
});

export const passkeyVerifyRegistration = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/passkey/verify-registration",
  summary: "Store the new passkey (its origin and relying party must be this site's)",
  auth: "session",
  body: verifyPasskeyRegistrationRequestSchema,
  responses: { 200: { description: "Passkey added", schema: passkeySchema } },
  errors: [400, 401, 403],
});

export const passkeyAuthenticateOptions = betterAuthEndpoint({
  method: "get",
  path: "/api/auth/passkey/generate-authenticate-options",
  summary: "WebAuthn options to sign in with a passkey",
  auth: "none",
  responses: { 200: { description: "Request options", schema: webAuthnOptionsSchema } },
});

export const passkeyVerifyAuthentication = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/passkey/verify-authentication",
  summary: "Sign in with a passkey (its origin and relying party must be this site's)",
  auth: "none",
  body: verifyPasskeyAuthenticationRequestSchema,
  responses: { 200: { description: "Signed in", schema: signedIn } },
  errors: guessErrors,
});

export const listPasskeys = betterAuthEndpoint({
  method: "get",
  path: "/api/auth/passkey/list-user-passkeys",
  summary: "The signed-in account's passkeys (name, added, last used)",
  auth: "session",
  responses: { 200: { description: "Passkeys", schema: z.array(passkeySchema) } },
  errors: [401],
});

export const deletePasskey = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/passkey/delete-passkey",
  summary: "Remove one of the account's passkeys",
  auth: "session",
  body: passkeyIdRequestSchema,
  responses: { 200: { description: "Removed", schema: statusAnswer } },
  errors: [401, 404],
});

export const renamePasskey = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/passkey/update-passkey",
  summary: "Rename one of the account's passkeys",
  auth: "session",
  body: renamePasskeyRequestSchema,
  responses: { 200: { description: "Renamed", schema: z.object({}).loose() } },
  errors: [401, 404],
});

export const secondFactorEndpoints = [
  enableTwoFactor,
  verifyTotp,
  verifyBackupCode,
  disableTwoFactor,
  generateBackupCodes,
  passkeyRegisterOptions,
  passkeyVerifyRegistration,
  passkeyAuthenticateOptions,
  passkeyVerifyAuthentication,
  listPasskeys,
  deletePasskey,
  renamePasskey,
];
