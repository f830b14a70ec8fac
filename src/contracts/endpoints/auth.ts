import { z } from "zod";
import {
  getSessionResponseSchema,
  requestPasswordResetRequestSchema,
  resetPasswordRequestSchema,
  sendVerificationEmailRequestSchema,
  sessionUserSchema,
  signInRequestSchema,
  signUpRequestSchema,
  twoFactorRedirectSchema,
} from "../auth.ts";
import { secondFactorEndpoints } from "./second-factors.ts";
import { betterAuthEndpoint } from "./types.ts";

const tokenQuery = z.object({ token: z.string(), callbackURL: z.string().optional() });

export const signUp = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/sign-up/email",
  summary: "Create an account; a verification e-mail is sent",
  auth: "none",
  body: signUpRequestSchema,
  responses: {
    200: {
      description: "Account created (unverified, no session)",
      schema: z.object({ user: sessionUserSchema.loose() }).loose(),
    },
  },
  errors: [422, 429],
});

export const signIn = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/sign-in/email",
  summary: "Sign in with e-mail and password (verified e-mail required); sets the session cookie",
  auth: "none",
  body: signInRequestSchema,
  responses: {
    200: {
      description:
        "Signed in, or (two-factor on, decision 071) `twoFactorRedirect`: the password was " +
        "right and a code is asked next (verify-totp or verify-backup-code)",
      schema: z.union([
        z.object({ user: sessionUserSchema.loose() }).loose(),
        twoFactorRedirectSchema,
      ]),
    },
  },
  errors: [401, 403, 429],
});

export const signOut = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/sign-out",
  summary: "End the session (a JSON body, `{}`: Better Auth answers 415 to a POST without one)",
  auth: "session",
  body: z.object({}),
  responses: { 200: { description: "Signed out", schema: z.object({ success: z.boolean() }) } },
});

export const signOutEverywhere = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/revoke-sessions",
  summary:
    "Sign out everywhere: end every session of the account, the calendar feed URLs it " +
    "created, the invitations it sent still pending and its reset links (a JSON body, `{}`)",
  auth: "session",
  body: z.object({}),
  responses: {
    200: { description: "Signed out everywhere", schema: z.object({ status: z.boolean() }) },
  },
  errors: [401],
});

export const getSession = betterAuthEndpoint({
  method: "get",
  path: "/api/auth/get-session",
  summary: "The current session and user, or null",
  auth: "none",
  responses: { 200: { description: "Session or null", schema: getSessionResponseSchema } },
});

export const verifyEmail = betterAuthEndpoint({
  method: "get",
  path: "/api/auth/verify-email",
  summary: "Verify an e-mail address with the token from the verification e-mail",
  auth: "none",
  query: tokenQuery,
  responses: {
    200: { description: "Verified (no callbackURL)", schema: z.object({}).loose() },
    302: { description: "Verified or failed: redirect to callbackURL" },
  },
  errors: [401],
});

export const sendVerificationEmail = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/send-verification-email",
  summary:
    "Send the verification e-mail again (same answer whether the address has an unverified " +
    "account or not; an address sent 5 e-mails in the last hour gets none, same answer)",
  auth: "none",
  body: sendVerificationEmailRequestSchema,
  responses: {
    200: { description: "Accepted", schema: z.object({ status: z.boolean() }).loose() },
  },
  errors: [429],
});

export const requestPasswordReset = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/request-password-reset",
  summary:
    "Send a password-reset e-mail (same answer whether the account exists or not; an " +
    "address sent 5 e-mails in the last hour gets none, same answer)",
  auth: "none",
  body: requestPasswordResetRequestSchema,
  responses: {
    200: { description: "Accepted", schema: z.object({ status: z.boolean() }).loose() },
  },
  errors: [429],
});

export const resetPasswordLink = betterAuthEndpoint({
  method: "get",
  path: "/api/auth/reset-password/{token}",
  summary: "Link target of the reset e-mail: redirects to the reset page with the token",
  auth: "none",
  query: z.object({ callbackURL: z.string() }),
  responses: { 302: { description: "Redirect to callbackURL?token=…" } },
});

export const resetPassword = betterAuthEndpoint({
  method: "post",
  path: "/api/auth/reset-password",
  summary: "Set a new password with the token from the reset e-mail",
  auth: "none",
  body: resetPasswordRequestSchema,
  responses: {
    200: { description: "Password changed", schema: z.object({ status: z.boolean() }) },
  },
  errors: [400],
});

export const authEndpoints = [
  signUp,
  signIn,
  signOut,
  signOutEverywhere,
  getSession,
  verifyEmail,
  sendVerificationEmail,
  requestPasswordReset,
  resetPasswordLink,
  resetPassword,
  ...secondFactorEndpoints,
];
