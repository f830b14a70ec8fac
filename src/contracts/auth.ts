import { z } from "zod";
import { imageUrlSchema, personNameSchema } from "./user-fields.ts";

// Request bodies of Better Auth's endpoints as Hawl uses them (API.md "Auth"). Better Auth
// parses them itself; these schemas serve the web forms and the OpenAPI document.

/** PRODUCT.md: at least 8 characters (OWASP ASVS); Better Auth's own maximum is 128. */
export const passwordSchema = z.string().min(8, "too_short").max(128, "too_long");

export const signUpRequestSchema = z.object({
  email: z.email(),
  password: passwordSchema,
  name: personNameSchema.optional(),
  image: imageUrlSchema.optional(),
  callbackURL: z.string().optional(),
});
export type SignUpRequest = z.infer<typeof signUpRequestSchema>;

export const signInRequestSchema = z.object({
  email: z.email(),
  password: z.string().min(1, "required"),
  rememberMe: z.boolean().optional(),
  callbackURL: z.string().optional(),
});
export type SignInRequest = z.infer<typeof signInRequestSchema>;

export const requestPasswordResetRequestSchema = z.object({
  email: z.email(),
  redirectTo: z.string(),
});
export type RequestPasswordResetRequest = z.infer<typeof requestPasswordResetRequestSchema>;

/** POST /api/auth/send-verification-email: the verification e-mail again. */
export const sendVerificationEmailRequestSchema = z.object({
  email: z.email(),
  callbackURL: z.string().optional(),
});
export type SendVerificationEmailRequest = z.infer<typeof sendVerificationEmailRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  newPassword: passwordSchema,
  token: z.string().min(1),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.email(),
  name: z.string(),
  emailVerified: z.boolean(),
});

/** GET /api/auth/get-session: null when signed out. */
export const getSessionResponseSchema = z
  .object({
    user: sessionUserSchema.loose(),
    session: z.object({ id: z.string(), expiresAt: z.string(), userId: z.string() }).loose(),
  })
  .nullable();

/** Better Auth's own error answers are not in Hawl's error shape (API.md). */
export const betterAuthErrorSchema = z
  .object({ code: z.string().optional(), message: z.string().optional() })
  .loose();

// ---- Second factors (decision 071): Better Auth's twoFactor and passkey plugins.

/** A code from the authenticator app (6 digits) or a backup code (`xxxxx-xxxxx`). */
export const twoFactorCodeSchema = z.string().trim().min(6, "required").max(32, "too_long");

/** POST /api/auth/two-factor/enable: the password; answers the secret's URI and backup codes. */
export const enableTwoFactorRequestSchema = z.object({ password: z.string().min(1, "required") });
export const enableTwoFactorResponseSchema = z
  .object({ totpURI: z.string(), backupCodes: z.array(z.string()) })
  .loose();

/** POST /api/auth/two-factor/verify-totp (and verify-backup-code): a code, this browser trusted? */
export const verifyTwoFactorRequestSchema = z.object({
  code: twoFactorCodeSchema,
  trustDevice: z.boolean().optional(),
});
export type VerifyTwoFactorRequest = z.infer<typeof verifyTwoFactorRequestSchema>;

/** POST /api/auth/two-factor/disable: the password and a code (Hawl asks both). */
export const disableTwoFactorRequestSchema = z.object({
  password: z.string().min(1, "required"),
  code: twoFactorCodeSchema,
});
export type DisableTwoFactorRequest = z.infer<typeof disableTwoFactorRequestSchema>;

/** POST /api/auth/two-factor/generate-backup-codes: ten new codes, the old ones void. */
export const generateBackupCodesRequestSchema = z.object({
  password: z.string().min(1, "required"),
});
export const backupCodesResponseSchema = z
  .object({ status: z.boolean(), backupCodes: z.array(z.string()) })
  .loose();

/** A sign-in whose password was right and that waits for a code. */
export const twoFactorRedirectSchema = z
  .object({ twoFactorRedirect: z.literal(true), twoFactorMethods: z.array(z.string()) })
  .loose();

/** A passkey of the signed-in account as GET /api/auth/passkey/list-user-passkeys lists it. */
export const passkeySchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullish(),
    deviceType: z.string(),
    backedUp: z.boolean(),
  })
  .loose();
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyNameSchema = z.string().trim().min(1, "required").max(100, "too_long");

/** The browser's WebAuthn answer (PublicKeyCredential.toJSON()), checked by Better Auth. */
export const webAuthnResponseSchema = z
  .object({ id: z.string(), rawId: z.string(), type: z.string(), response: z.object({}).loose() })
  .loose();

export const verifyPasskeyRegistrationRequestSchema = z.object({
  response: webAuthnResponseSchema,
  name: passkeyNameSchema.optional(),
});
export const verifyPasskeyAuthenticationRequestSchema = z.object({
  response: webAuthnResponseSchema,
});
export const passkeyIdRequestSchema = z.object({ id: z.string().min(1) });
export const renamePasskeyRequestSchema = z.object({
  id: z.string().min(1),
  name: passkeyNameSchema,
});

/** WebAuthn options as JSON (PublicKeyCredential.parse…OptionsFromJSON reads them). */
export const webAuthnOptionsSchema = z.object({ challenge: z.string() }).loose();
