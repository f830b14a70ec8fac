import { errorBodySchema, type ErrorBody } from "../../contracts/errors";

/** An API answer that was not 2xx, with the contract's stable code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** the whole error body, for callers that read more than the code (e.g. a 409's current state) */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** fetch for /api/*: JSON in and out, same-origin cookies, errors as ApiError. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? "GET" : "POST"),
      credentials: "same-origin",
      headers: {
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(0, "NETWORK", "Network error");
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = errorBodySchema.safeParse(data);
    const error: ErrorBody["error"] = parsed.success
      ? parsed.data.error
      : {
          code: (data as { code?: string } | null)?.code ?? "INTERNAL",
          message: (data as { message?: string } | null)?.message ?? response.statusText,
        };
    throw new ApiError(response.status, error.code, error.message, error.fields, data);
  }
  return data as T;
}
