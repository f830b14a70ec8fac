import type { Context, ErrorHandler, NotFoundHandler } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { ErrorCode } from "../../contracts/errors.ts";
import type { AppEnv } from "./context.ts";
import { AppError } from "../errors.ts";
import { isDatabaseUnavailable } from "./unavailable.ts";

const codeByStatus: Partial<Record<number, ErrorCode>> = {
  400: "MALFORMED_JSON",
  401: "UNAUTHENTICATED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  429: "RATE_LIMITED",
  503: "UNAVAILABLE",
};

function respond(c: Context<AppEnv>, error: AppError): Response {
  return c.json(error.toBody(), error.status as ContentfulStatusCode, error.headers);
}

/**
 * AppError → its status and body; a database that cannot be reached → 503 UNAVAILABLE (the
 * process stays up); anything else → 500 INTERNAL with a fixed message, the details only in
 * the log. Libraries that wrap the driver's error beyond recognition (Better Auth's "Failed to
 * get session") are caught by asking the database itself before answering 500.
 */
export function createErrorHandler(options: {
  databaseAnswers: () => Promise<boolean>;
}): ErrorHandler<AppEnv> {
  return async (error, c) => {
    const log = c.var.log;
    if (error instanceof AppError) return respond(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      const code = codeByStatus[error.status] ?? "INTERNAL";
      return c.json(
        { error: { code, message: error.message || "Request refused." } },
        error.status as ContentfulStatusCode,
      );
    }
    if (isDatabaseUnavailable(error) || !(await options.databaseAnswers())) {
      log?.warn({ error: describe(error) }, "database unavailable");
      return respond(
        c,
        new AppError("UNAVAILABLE", "The service is temporarily unavailable. Try again shortly.", {
          headers: { "Retry-After": "5" },
        }),
      );
    }
    log?.error({ error: describe(error) }, "unhandled error");
    return respond(c, new AppError("INTERNAL", "Something went wrong on our side."));
  };
}

export const notFoundHandler: NotFoundHandler<AppEnv> = (c) =>
  respond(c, new AppError("NOT_FOUND", "Not found."));

/**
 * What of an error goes to the log: name, message, code, stack, and its causes. Drizzle puts
 * the query parameters (e-mails, tokens) into its message: keep the SQL, drop the values.
 */
export function describe(error: unknown, depth = 0): Record<string, unknown> | string {
  if (!(error instanceof Error)) return String(error);
  const e = error as Error & { code?: unknown; query?: unknown; params?: unknown };
  const hasParams = typeof e.query === "string" && e.params !== undefined;
  return {
    name: e.name,
    message: hasParams ? `Failed query: ${e.query as string}` : e.message,
    ...(typeof e.code === "string" ? { code: e.code } : {}),
    stack: hasParams ? undefined : e.stack,
    ...(e.cause !== undefined && depth < 4 ? { cause: describe(e.cause, depth + 1) } : {}),
  };
}
