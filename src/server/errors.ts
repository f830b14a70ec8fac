import { errorStatus, type ErrorBody, type ErrorCode } from "../contracts/errors.ts";

// The one error type of the server: services throw it, the HTTP layer answers it with the error
// shape of API.md and the status of its code (contracts/errors.ts). Not an HTTP thing itself:
// use cases, repositories and the auth hooks throw it alike.

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
    return errorStatus[this.code];
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
