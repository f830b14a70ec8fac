import type { ErrorBody, ErrorCode } from "../../contracts/errors.ts";

const statusByCode: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_JSON: 400,
  INVALID_SESSION_ID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PASSWORD_INCORRECT: 403,
  CROSS_SITE_REQUEST: 403,
  PLAN_LIMIT_REACHED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VERSION_CONFLICT: 409,
  DUPLICATE_THRESHOLD_DATE: 409,
  FUTURE_THRESHOLD_DATE: 409,
  THRESHOLD_REQUIRED: 409,
  DUPLICATE_THRESHOLD_DOWN: 409,
  NISSAB_DATE_REQUIRED: 409,
  MILESTONE_SYNC_FAILED: 409,
  OBLIGATION_SYNC_FAILED: 409,
  ALREADY_MEMBER: 409,
  INVITATION_PENDING: 409,
  INVITATION_NOT_FOUND: 404,
  INVITATION_EXPIRED: 410,
  INVITATION_EMAIL_MISMATCH: 403,
  LAST_OWNER: 409,
  CANNOT_REMOVE_OWNER: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  INTERNAL: 500,
};

/** The one error type services throw; `message` is the English text the API returns. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    extra: {
      fields?: Record<string, string>;
      headers?: Record<string, string>;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: extra.cause });
    this.code = code;
    this.fields = extra.fields;
    this.headers = extra.headers;
  }

  get status(): number {
    return statusByCode[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export function statusOf(code: ErrorCode): number {
  return statusByCode[code];
}
