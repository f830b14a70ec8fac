import type {
  AnswerOf,
  BodyInputOf,
  Endpoint,
  PathParamName,
  PathParams,
  QueryInputOf,
} from "../../contracts/endpoints/types";
import type { ErrorBody } from "../../contracts/errors";
import { INVALID } from "./answer-parsers.generated";

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

interface SendInit {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** "omit" for the embed's anonymous calls; same-origin cookies otherwise */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
}

/** fetch for /api/*: JSON in and out, errors as ApiError; the answer's status and parsed JSON. */
async function send(path: string, init: SendInit): Promise<{ status: number; data: unknown }> {
  let response: Response;
  const method = init.method ?? (init.body === undefined ? "GET" : "POST");
  // a plain GET with the session's cookies may take the answer the page asked for early
  const early =
    method === "GET" &&
    init.headers === undefined &&
    (init.credentials ?? "same-origin") === "same-origin"
      ? takeEarly(path)
      : undefined;
  try {
    response = await (early ??
      fetch(path, {
        method,
        credentials: init.credentials ?? "same-origin",
        headers: {
          ...(init.body === undefined ? {} : { "content-type": "application/json" }),
          ...init.headers,
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: init.signal,
      }));
  } catch {
    throw new ApiError(0, "NETWORK", "Network error");
  }
  if (response.status === 204) return { status: 204, data: undefined };
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
  return { status: response.status, data };
}

/** What a call of `endpoint` takes: its path's parameters, its query, its body. */
export type RequestOptions<E extends Endpoint> = ([PathParamName<E["path"]>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<E> }) &
  (BodyInputOf<E> extends undefined ? { body?: undefined } : { body: BodyInputOf<E> }) &
  (QueryInputOf<E> extends undefined ? { query?: undefined } : { query?: QueryInputOf<E> }) &
  Omit<SendInit, "method" | "body">;

type RequestArgs<E extends Endpoint> =
  object extends RequestOptions<E> ? [options?: RequestOptions<E>] : [options: RequestOptions<E>];

/** The address of a call: the template's `{name}`s replaced (encoded), then the query. */
export function requestPath(
  path: string,
  params: Record<string, string> = {},
  query: Record<string, unknown> = {},
): string {
  const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${path}: no value for {${name}}`);
    return encodeURIComponent(value);
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `${filled}?${text}` : filled;
}

/**
 * Calls a declared route (src/contracts/endpoints/<area>.ts): builds its address from the
 * template, sends the body, and parses a 2xx answer with the schema declared for its status
 * (nothing is cast unchecked: an answer that does not fit is ApiError INTERNAL "Unexpected
 * answer", with zod's issues as its body). A status declared without a schema (204) answers
 * undefined. Errors are ApiError, as for every call.
 * This module stays free of zod: the schemas come with the declarations the caller imports.
 */
export async function request<E extends Endpoint>(
  endpoint: E,
  ...[options]: RequestArgs<E>
): Promise<AnswerOf<E>> {
  const { status, data } = await sendCall(endpoint.method.toUpperCase(), endpoint.path, options);
  return checkAnswer(endpoint, status, data);
}

/** Sends a call's options (path parameters, query, body, fetch's own) to `method` `path`. */
function sendCall(
  method: string,
  path: string,
  options: object | undefined,
): Promise<{ status: number; data: unknown }> {
  const { params, query, body, ...init } = (options ?? {}) as {
    params?: Record<string, string>;
    query?: Record<string, unknown>;
    body?: unknown;
  } & Omit<SendInit, "method" | "body">;
  return send(requestPath(path, params, query), { ...init, method, body });
}

/** A 2xx answer parsed with the schema the endpoint declares for its status. */
function checkAnswer<E extends Endpoint>(endpoint: E, status: number, data: unknown): AnswerOf<E> {
  const declared = endpoint.responses[status];
  if (!declared)
    throw new ApiError(status, "INTERNAL", `Undeclared answer ${status}`, undefined, data);
  if (!declared.schema) return undefined as AnswerOf<E>;
  const parsed = declared.schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(status, "INTERNAL", "Unexpected answer", undefined, parsed.error);
  }
  return parsed.data as AnswerOf<E>;
}

/**
 * A call a page makes on its first load, without zod (decision 035): its method, its path and
 * its answers' parsers, generated from the declaration's schemas by zod's compiler
 * (lib/answer-parsers.generated.ts); `declaration` loads the declaration itself.
 */
export interface CompiledCall<E extends Endpoint> {
  readonly method: string;
  readonly path: string;
  readonly parse: Readonly<Record<number, (input: unknown) => unknown>>;
  readonly declaration: () => Promise<E>;
}

/**
 * request() for a compiled call: the answer is checked by its generated parser; when that one
 * cannot say yes (the answer does not fit, or the compiler could not model a check) or the
 * status has none, the declaration is loaded and its schema decides, as in request().
 */
export async function requestCompiled<E extends Endpoint>(
  call: CompiledCall<E>,
  ...[options]: RequestArgs<E>
): Promise<AnswerOf<E>> {
  const { status, data } = await sendCall(call.method, call.path, options);
  const parsed = call.parse[status]?.(data);
  if (parsed !== undefined && parsed !== INVALID) return parsed as AnswerOf<E>;
  return checkAnswer(await call.declaration(), status, data);
}

// GET requests a page starts before React has loaded (entry.client.tsx, issue 12): its data is
// on the way while the scripts and catalogs download, instead of after hydration. request() takes
// each answer once, for the same path, if it is still fresh; anything else is fetched as usual.

/** An early answer older than this is not used (the page took another way, or a long time). */
const FRESH_MS = 10_000;

const pending = new Map<string, { response: Promise<Response>; at: number }>();

/**
 * Starts GET `path` now (same-origin cookies, as request() sends them); the answer waits for request().
 * The caller gets a copy of it, to read what to ask for next. `started`: the same GET, already
 * started by the page's inline script (features/dashboard/lib/early-data.ts), taken over instead.
 */
export function requestEarly(path: string, started?: Promise<Response>): Promise<Response> {
  const response = started ?? fetch(path, { credentials: "same-origin" });
  pending.set(path, { response, at: Date.now() });
  // a failure surfaces where request() takes it; unclaimed, it must not be an unhandled rejection
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
