import type { ErrorBody } from "../../contracts/errors";

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

/**
 * The contract's error shape (contracts/errors.ts `errorBodySchema`), checked by hand: every page
 * calls the API, and zod's 20 KB would otherwise ride along on public pages.
 */
export function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== "object" || data === null || !("error" in data)) return false;
  const error = data.error as Record<string, unknown> | null;
  if (typeof error !== "object" || error === null) return false;
  const { code, message, fields } = error;
  return (
    typeof code === "string" &&
    typeof message === "string" &&
    (fields === undefined ||
      (typeof fields === "object" &&
        fields !== null &&
        Object.values(fields).every((v) => typeof v === "string")))
  );
}

/** fetch for /api/*: JSON in and out, same-origin cookies, errors as ApiError. */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<T> {
  let response: Response;
  const early =
    init.method === undefined && init.body === undefined && init.headers === undefined
      ? takeEarly(path)
      : undefined;
  try {
    response = await (early ??
      fetch(path, {
        method: init.method ?? (init.body === undefined ? "GET" : "POST"),
        credentials: "same-origin",
        headers: {
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      }));
  } catch {
    throw new ApiError(0, "NETWORK", "Network error");
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error: ErrorBody["error"] = isErrorBody(data)
      ? data.error
      : {
          code: (data as { code?: string } | null)?.code ?? "INTERNAL",
          message: (data as { message?: string } | null)?.message ?? response.statusText,
        };
    throw new ApiError(response.status, error.code, error.message, error.fields, data);
  }
  return data as T;
}

// GET requests a page starts before React has loaded (entry.client.tsx, issue 12): its data is
// on the way while the scripts and catalogs download, instead of after hydration. api() takes
// each answer once, for the same path, if it is still fresh; anything else is fetched as usual.

/** An early answer older than this is not used (the page took another way, or a long time). */
const FRESH_MS = 10_000;

const pending = new Map<string, { response: Promise<Response>; at: number }>();

/**
 * Starts GET `path` now (same-origin cookies, as api() sends them); the answer waits for api().
 * The caller gets a copy of it, to read what to ask for next.
 */
export function requestEarly(path: string): Promise<Response> {
  const response = fetch(path, { credentials: "same-origin" });
  pending.set(path, { response, at: Date.now() });
  // a failure surfaces where api() takes it; unclaimed, it must not be an unhandled rejection
  response.catch(() => {});
  return response.then((r) => r.clone());
}

/** The early answer to GET `path`, once: undefined when none was started or it is stale. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const early = pending.get(path);
  if (!early) return undefined;
  pending.delete(path);
  return Date.now() - early.at < FRESH_MS ? early.response : undefined;
}
