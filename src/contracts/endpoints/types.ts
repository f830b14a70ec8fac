import type { z } from "zod";

export type HttpMethod = "get" | "post" | "put" | "patch" | "delete";

export interface EndpointResponse {
  readonly description: string;
  /** JSON body; omitted for empty answers, redirects and non-JSON answers (say so in the description) */
  readonly schema?: z.ZodType;
  /** the media type of a non-JSON body (documented as a string of that type) */
  readonly mediaType?: string;
}

/**
 * One route, declared once (decision 028): the server binds its handler to it
 * (server/http/route.ts), the web calls it (web/lib/api-client.ts `request`), the OpenAPI
 * document, the authorization matrix, the fuzz test and the web's fake API read it.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  /** OpenAPI path template: `/api/workspaces/{ws}` */
  readonly path: string;
  readonly summary: string;
  readonly tag:
    | "health"
    | "auth"
    | "account"
    | "workspaces"
    | "meta"
    | "prices"
    | "calculator"
    | "tracker"
    | "embeds";
  /** session: needs the session cookie (401 without); none: anyone */
  readonly auth: "session" | "none";
  readonly query?: z.ZodObject;
  readonly body?: z.ZodType;
  /** the largest body the route takes when its contract allows more than BODY_LIMIT_BYTES */
  readonly bodyLimitBytes?: number;
  /** named example bodies, shown under the request body */
  readonly bodyExamples?: Readonly<Record<string, { summary: string; value: unknown }>>;
  readonly responses: Readonly<Record<number, EndpointResponse>>;
  /** statuses answered with the error shape of API.md; 400/401/403 cross-site/413/415/503 are added where they apply */
  readonly errors?: readonly number[];
  /** Better Auth's own routes answer errors in its own shape */
  readonly betterAuth?: boolean;
}

/**
 * Declares a route: returns its argument with its exact type, so that the path's parameters,
 * the query, the body and the answers are known to the server's binder and the web's client.
 * Pure: bundlers drop the declarations a bundle does not use.
 */
/* @__NO_SIDE_EFFECTS__ */
export function endpoint<const E extends Endpoint>(declaration: E): E {
  return declaration;
}

/** Declares one of Better Auth's own routes: tagged "auth", its errors in Better Auth's shape. */
/* @__NO_SIDE_EFFECTS__ */
export function betterAuthEndpoint<const E extends Omit<Endpoint, "tag" | "betterAuth">>(
  declaration: E,
): E & { readonly tag: "auth"; readonly betterAuth: true } {
  return { ...declaration, tag: "auth", betterAuth: true };
}

/** `"/api/workspaces/{ws}/members/{memberId}"` → `"ws" | "memberId"` */
export type PathParamName<P extends string> = P extends `${string}{${infer Name}}${infer Rest}`
  ? Name | PathParamName<Rest>
  : never;

/** The path's parameters, each a string (the use case decides what a valid one is). */
export type PathParams<E extends Endpoint> = { [K in PathParamName<E["path"]>]: string };

type SchemaOf<E, K extends "query" | "body"> = E extends {
  readonly [P in K]: infer S extends z.ZodType;
}
  ? S
  : never;

/** The query as the server's handler gets it (parsed), `undefined` when none is declared. */
export type QueryOf<E extends Endpoint> = [SchemaOf<E, "query">] extends [never]
  ? undefined
  : z.output<SchemaOf<E, "query">>;

/** The body as the server's handler gets it (parsed), `undefined` when none is declared. */
export type BodyOf<E extends Endpoint> = [SchemaOf<E, "body">] extends [never]
  ? undefined
  : z.output<SchemaOf<E, "body">>;

/** The query a caller sends (text or numbers for what the schema reads from text). */
export type QueryInputOf<E extends Endpoint> = [SchemaOf<E, "query">] extends [never]
  ? undefined
  : {
      [K in keyof z.input<SchemaOf<E, "query">>]: unknown extends z.input<SchemaOf<E, "query">>[K]
        ? string | number | undefined
        : z.input<SchemaOf<E, "query">>[K];
    };

/** The body a caller sends. */
export type BodyInputOf<E extends Endpoint> = [SchemaOf<E, "body">] extends [never]
  ? undefined
  : z.input<SchemaOf<E, "body">>;

type SuccessStatus<E extends Endpoint> = {
  [S in keyof E["responses"]]: S extends number ? (`${S}` extends `2${string}` ? S : never) : never;
}[keyof E["responses"]];

/** The parsed body of status `S`'s answer (`undefined` for an empty or non-JSON one). */
export type AnswerAt<
  E extends Endpoint,
  S extends keyof E["responses"],
> = E["responses"][S] extends {
  readonly schema: infer T extends z.ZodType;
}
  ? z.output<T>
  : undefined;

/** What a 2xx answer of the endpoint parses to: the union over its declared 2xx statuses. */
export type AnswerOf<E extends Endpoint> = {
  [S in SuccessStatus<E>]: AnswerAt<E, S>;
}[SuccessStatus<E>];

/**
 * `/api/workspaces/{ws}` → `/api/workspaces/:ws` (Hono's and MSW's pattern). A parameter with a
 * file extension after it (`{year}.pdf`) becomes `:year{[^/]+\\.pdf}`: Hono would otherwise
 * name the parameter "year.pdf"; its value keeps the extension.
 */
export function routePattern(path: string): string {
  return path.replace(/\{(\w+)\}\.(\w+)$/, ":$1{[^/]+\\.$2}").replace(/\{(\w+)\}/g, ":$1");
}
