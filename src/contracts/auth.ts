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
