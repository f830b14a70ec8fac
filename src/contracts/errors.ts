import { z } from "zod";

// Stable error codes of the HTTP contract (API.md). The web maps each to translated text
// under `errors.<CODE>`; the server maps each to its status in server/http/errors.ts.
export const errorCodes = [
  "VALIDATION_FAILED",
  "MALFORMED_JSON",
  "INVALID_SESSION_ID",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "CROSS_SITE_REQUEST",
  "PLAN_LIMIT_REACHED",
  "NOT_FOUND",
  "CONFLICT",
  "VERSION_CONFLICT",
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
