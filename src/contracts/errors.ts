import { z } from "zod";

// Stable error codes of the HTTP contract (API.md). The web maps each to translated text
// under `errors.<CODE>`; the server maps each to its status in server/http/errors.ts.
export const errorCodes = [
  "VALIDATION_FAILED",
  "MALFORMED_JSON",
  "INVALID_SESSION_ID",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "PASSWORD_INCORRECT",
  "CROSS_SITE_REQUEST",
  "PLAN_LIMIT_REACHED",
  "NOT_FOUND",
  "CONFLICT",
  "VERSION_CONFLICT",
  "DUPLICATE_THRESHOLD_DATE",
  "FUTURE_THRESHOLD_DATE",
  "THRESHOLD_REQUIRED",
  "DUPLICATE_THRESHOLD_DOWN",
  "NISSAB_DATE_REQUIRED",
  "MILESTONE_SYNC_FAILED",
  "OBLIGATION_SYNC_FAILED",
  "ALREADY_MEMBER",
  "INVITATION_PENDING",
  "INVITATION_NOT_FOUND",
  "INVITATION_EXPIRED",
  "INVITATION_EMAIL_MISMATCH",
  "LAST_OWNER",
  "CANNOT_REMOVE_OWNER",
  "PAYLOAD_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "RATE_LIMITED",
  "UNAVAILABLE",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
