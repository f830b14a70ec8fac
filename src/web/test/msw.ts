import { http, type HttpHandler } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { endpoints, type Endpoint, type HttpMethod } from "../../contracts/endpoints";
import { betterAuthErrorSchema } from "../../contracts/auth";
import { errorBodySchema } from "../../contracts/errors";

// The web's fake API for component tests: MSW handlers made from the endpoint registry
// (src/contracts/endpoints), so a fake cannot drift from the contract unnoticed (issue 16).
// `route` refuses a method and path the registry does not have; each request body (and query)
// is checked against the endpoint's schema and answered 400 in the API's error shape when it
// does not fit, as the server would; each answer is checked against the schema of its status
// (or the error shape) before it is sent. An answer that does not fit is a drift: the request
// gets a 500 and the test fails in afterEach with what did not fit. Better Auth's routes
// (`betterAuth: true`) answer their errors in its own shape, except our guards' (403, 413, 415,
// 503), as the OpenAPI document says. `Response.error()` is a network failure: no answer to check.

/** One request the handlers saw, with the JSON body as sent. */
export interface ApiCall {
  method: string;
  path: string;
  /** the query string, "" or "?page=2" */
  search: string;
  body: unknown;
}

export interface RouteRequest {
  method: string;
  params: Record<string, string>;
  url: URL;
  headers: Headers;
  /** the request's credentials mode ("omit" for the embed's anonymous calls) */
  credentials: RequestCredentials;
  /** the JSON body as sent, already checked against the endpoint's request schema */
  body: unknown;
}

export class ContractDrift extends Error {
  override name = "ContractDrift";
}

const calls: ApiCall[] = [];
const drifts: string[] = [];
const server = setupServer();

export const apiError = (
  status: number,
  code: string,
  message = code,
  fields?: Record<string, string>,
) => Response.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });

/** The registry's entry for `method path` (an OpenAPI template: /api/workspaces/{ws}). */
export function endpointOf(method: HttpMethod, path: string): Endpoint {
  const endpoint = endpoints.find((e) => e.method === method && e.path === path);
  if (!endpoint) {
    throw new ContractDrift(`${method.toUpperCase()} ${path} is not in the endpoint registry`);
  }
  return endpoint;
}

const issuesOf = (error: { issues: { path: PropertyKey[]; message: string }[] }) =>
  Object.fromEntries(error.issues.map((i) => [i.path.map(String).join(".") || "_", i.message]));

/**
 * Throws ContractDrift unless `body` is what `endpoint` may answer with `status`: the schema the
 * registry gives that status, no body where it gives none, the error shape for other errors.
 */
export function checkAnswer(endpoint: Endpoint, status: number, body: unknown): void {
  const where = `${endpoint.method.toUpperCase()} ${endpoint.path} → ${status}`;
  const declared = endpoint.responses[status];
  if (declared) {
    if (declared.schema) {
      const parsed = declared.schema.safeParse(body);
      if (!parsed.success) {
        throw new ContractDrift(`${where}: ${JSON.stringify(issuesOf(parsed.error))}`);
      }
    } else if (body !== undefined && !declared.mediaType) {
      throw new ContractDrift(`${where}: the contract answers no body, the fake sent one`);
    }
    return;
  }
  if (status < 400) throw new ContractDrift(`${where}: the contract has no such answer`);
  const ours = !endpoint.betterAuth || [403, 413, 415, 503].includes(status);
  const parsed = (ours ? errorBodySchema : betterAuthErrorSchema).safeParse(body);
  if (!parsed.success) {
    throw new ContractDrift(`${where}: not the error shape: ${JSON.stringify(body)}`);
  }
}

async function jsonOf(source: Request | Response): Promise<unknown> {
  const text = await source.text();
  return text === "" ? undefined : (JSON.parse(text) as unknown);
}

/**
 * An MSW handler for the registry's `method path`: `resolve` sees the checked request and
 * answers with a Response, which is checked against the contract before it is sent.
 */
export function route(
  method: HttpMethod,
  path: string,
  resolve: (request: RouteRequest) => Response | Promise<Response>,
): HttpHandler {
  const endpoint = endpointOf(method, path);
  const pattern = `*${path.replace(/\{(\w+)\}/g, ":$1")}`;
  return http[method](pattern, async ({ request, params }) => {
    const url = new URL(request.url);
    const call: ApiCall = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: undefined,
    };
    calls.push(call);
    try {
      call.body = await jsonOf(request);
    } catch {
      return apiError(400, "MALFORMED_JSON", "Malformed JSON");
    }
    if (endpoint.query) {
      const query = endpoint.query.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) {
        return apiError(400, "VALIDATION_FAILED", "Invalid query", issuesOf(query.error));
      }
    }
    if (endpoint.body) {
      const body = endpoint.body.safeParse(call.body);
      if (!body.success) {
        return apiError(400, "VALIDATION_FAILED", "Invalid body", issuesOf(body.error));
      }
    }
    const response = await resolve({
      method: request.method,
      params: params as Record<string, string>,
      url,
      headers: request.headers,
      credentials: request.credentials,
      body: call.body,
    });
    if (response.type === "error") return response;
    try {
      checkAnswer(endpoint, response.status, await jsonOf(response.clone()));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      drifts.push(message);
      return apiError(500, "INTERNAL", message);
    }
    return response;
  });
}

/** Answers requests with `handlers` for the rest of the test (before the ones already there). */
export function serve(...handlers: HttpHandler[]): void {
  server.use(...handlers);
}

/** The requests the handlers saw in this test, in order. */
export function apiCalls(): ApiCall[] {
  return calls;
}

/** The drifts found in this test so far, forgotten: for the test that proves they are caught. */
export function takeDrifts(): string[] {
  return drifts.splice(0);
}

/**
 * Call once at the top of a test file: starts the server for the file, and after each test
 * fails it if an answer drifted from the contract or a request found no handler (the test did
 * not say what the API answers), then forgets the handlers and the calls.
 */
export function installContractServer(): void {
  let inTest = false;
  beforeAll(() =>
    server.listen({
      onUnhandledRequest: (request) => {
        if (inTest) drifts.push(`no handler for ${request.method} ${request.url}`);
      },
    }),
  );
  beforeEach(() => {
    inTest = true;
  });
  afterEach(() => {
    inTest = false;
    server.resetHandlers();
    calls.length = 0;
    const found = takeDrifts();
    if (found.length > 0) throw new ContractDrift(found.join("\n"));
  });
  afterAll(() => server.close());
}
