import { Hono, type Context, type MiddlewareHandler } from "hono";
import {
  routePattern,
  type BodyOf,
  type Endpoint,
  type PathParams,
  type QueryOf,
} from "../../contracts/endpoints.ts";
import type { AppEnv } from "./context.ts";
import { readJson, validationFailed } from "./validation.ts";

// How a route is served (decision 028): its method, path, access and schemas are declared once,
// in src/contracts/endpoints/<area>.ts; a route module binds a handler to that declaration and
// restates none of it. The binder mounts the handler at the declaration's full path (`{ws}` →
// `:ws`; modules are mounted at "/"), runs the session check when the declaration says
// `auth: "session"`, then the route's guards (membership, role: before anything is read), then
// reads the query and the body with the declaration's schemas (400 VALIDATION_FAILED with
// `fields`, 415, 400 MALFORMED_JSON: validation.ts) and hands the handler typed input.

/** What a bound handler gets besides the context: the path's parameters, the parsed query and body. */
export interface RouteInput<E extends Endpoint> {
  params: PathParams<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
}

export type RouteHandler<E extends Endpoint> = (
  c: Context<AppEnv>,
  input: RouteInput<E>,
) => Response | Promise<Response>;

export interface RouteOptions {
  /** middleware run after the session check and before the query and body are read */
  guards?: MiddlewareHandler<AppEnv>[];
  /**
   * runs before a refused query or body is answered: a route whose guard is part of its
   * handler's own query (the history page) checks membership here, so that a non-member
   * learns nothing, not even that the query is wrong
   */
  beforeRefusal?: (c: Context<AppEnv>) => Promise<unknown>;
  /**
   * the query is the handler's to read (the calendar feed: a missing token is just another
   * wrong one, answered 404 like any other)
   */
  rawQuery?: boolean;
}

/** The declaration each bound handler serves: the test that every /api route is declared reads it. */
const bound = new WeakMap<object, Endpoint>();

/** The declaration a handler of `app.routes` was bound to, if it was bound by `Router.on`. */
export function boundEndpoint(handler: unknown): Endpoint | undefined {
  return typeof handler === "function" ? bound.get(handler) : undefined;
}

export interface Router {
  /** the Hono app holding the bound routes, to mount at "/" */
  readonly app: Hono<AppEnv>;
  on<E extends Endpoint>(endpoint: E, handler: RouteHandler<E>): Router;
  on<E extends Endpoint>(endpoint: E, options: RouteOptions, handler: RouteHandler<E>): Router;
}

/** A set of bound routes; `requireSession` serves the declarations with `auth: "session"`. */
export function router(deps: { requireSession?: MiddlewareHandler<AppEnv> } = {}): Router {
  const app = new Hono<AppEnv>();
  const self: Router = {
    app,
    on<E extends Endpoint>(
      endpoint: E,
      second: RouteOptions | RouteHandler<E>,
      third?: RouteHandler<E>,
    ): Router {
      const options = typeof second === "function" ? {} : second;
      const handler = typeof second === "function" ? second : third!;
      bind(app, endpoint, options, handler, deps.requireSession);
      return self;
    },
  };
  return self;
}

function bind<E extends Endpoint>(
  app: Hono<AppEnv>,
  endpoint: E,
  options: RouteOptions,
  handler: RouteHandler<E>,
  requireSession: MiddlewareHandler<AppEnv> | undefined,
): void {
  const where = `${endpoint.method.toUpperCase()} ${endpoint.path}`;
  if (endpoint.betterAuth) throw new Error(`${where} is Better Auth's own route`);
  const session: MiddlewareHandler<AppEnv>[] = [];
  if (endpoint.auth === "session") {
    if (!requireSession) throw new Error(`${where} needs a session: pass requireSession`);
    session.push(requireSession);
  }
  const run = async (c: Context<AppEnv>): Promise<Response> => {
    const refuse = async (error: Error) => {
      await options.beforeRefusal?.(c);
      return error;
    };
    let query: unknown;
    if (endpoint.query && !options.rawQuery) {
      const parsed = endpoint.query.safeParse(c.req.query());
      if (!parsed.success) throw await refuse(validationFailed(parsed.error, "query"));
      query = parsed.data;
    }
    let body: unknown;
    if (endpoint.body) {
      try {
        body = await readJson(c, endpoint.body);
      } catch (error) {
        throw error instanceof Error ? await refuse(error) : error;
      }
    }
    const params = c.req.param() as PathParams<E>;
    return handler(c, { params, query: query as QueryOf<E>, body: body as BodyOf<E> });
  };
  bound.set(run, endpoint);
  app.on(
    endpoint.method.toUpperCase(),
    [routePattern(endpoint.path)],
    ...session,
    ...(options.guards ?? []),
    run,
  );
}
