import { z } from "zod";
import { betterAuthErrorSchema } from "../../contracts/auth.ts";
import { endpoints, type Endpoint } from "../../contracts/endpoints.ts";
import { openApiDocument } from "../../contracts/endpoints/meta.ts";
import { errorBodySchema } from "../../contracts/errors.ts";
import { router } from "./route.ts";

type JsonObject = Record<string, unknown>;

const errorDescriptions: Record<number, string> = {
  400: "Malformed JSON or failed validation (VALIDATION_FAILED with fields)",
  401: "No valid session (UNAUTHENTICATED)",
  403: "Refused: cross-site request (CROSS_SITE_REQUEST), role (FORBIDDEN) or plan limit (PLAN_LIMIT_REACHED)",
  404: "Not found",
  409: "Conflict",
  410: "Gone (INVITATION_EXPIRED)",
  413: "Body larger than the limit (PAYLOAD_TOO_LARGE)",
  415: "Body is not JSON (UNSUPPORTED_MEDIA_TYPE)",
  422: "Refused by Better Auth",
  429: "Rate limited; see Retry-After",
  503: "Database unreachable (UNAVAILABLE)",
};

function jsonSchema(schema: z.ZodType, io: "input" | "output"): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
  }) as JsonObject;
  return rest;
}

function errorStatuses(endpoint: Endpoint): number[] {
  const statuses = new Set(endpoint.errors ?? []);
  const changesState = endpoint.method !== "get";
  if (endpoint.body || endpoint.query) statuses.add(400);
  if (endpoint.auth === "session") statuses.add(401);
  if (changesState) statuses.add(403);
  if (endpoint.body) {
    statuses.add(413);
    statuses.add(415);
  }
  if (endpoint.path.startsWith("/api/") && endpoint.path !== "/api/openapi.json") {
    statuses.add(503);
  }
  return [...statuses].sort();
}

function operation(endpoint: Endpoint): JsonObject {
  const pathParams = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: "path",
    required: true,
    schema: { type: "string" },
  }));
  const queryParams = endpoint.query
    ? Object.entries(endpoint.query.shape).map(([name, schema]) => ({
        name,
        in: "query",
        required: !(schema as z.ZodType).safeParse(undefined).success,
        schema: jsonSchema(schema as z.ZodType, "input"),
      }))
    : [];
  const responses: JsonObject = {};
  for (const [status, response] of Object.entries(endpoint.responses)) {
    responses[status] = {
      description: response.description,
      ...(response.schema
        ? { content: { "application/json": { schema: jsonSchema(response.schema, "output") } } }
        : response.mediaType
          ? { content: { [response.mediaType]: { schema: { type: "string" } } } }
          : {}),
    };
  }
  const errorRef = endpoint.betterAuth
    ? "#/components/schemas/BetterAuthError"
    : "#/components/schemas/Error";
  for (const status of errorStatuses(endpoint)) {
    if (responses[status]) continue;
    // our guards (origin, media type, size) answer in our shape even in front of Better Auth
    const ours = [403, 413, 415, 503].includes(status) || !endpoint.betterAuth;
    responses[status] = {
      description: errorDescriptions[status] ?? "Error",
      content: {
        "application/json": {
          schema: { $ref: ours ? "#/components/schemas/Error" : errorRef },
        },
      },
    };
  }
  return {
    operationId: `${endpoint.method}${endpoint.path.replace(/[^a-zA-Z0-9]+(.)?/g, (_m, ch?: string) => (ch ? ch.toUpperCase() : ""))}`,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(endpoint.auth === "session" ? { security: [{ sessionCookie: [] }] } : { security: [] }),
    ...(pathParams.length || queryParams.length
      ? { parameters: [...pathParams, ...queryParams] }
      : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              "application/json": {
                schema: jsonSchema(endpoint.body, "input"),
                ...(endpoint.bodyExamples ? { examples: endpoint.bodyExamples } : {}),
              },
            },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the endpoint registry (src/contracts/endpoints.ts): the same declarations the routes are bound to. */
export function buildOpenApiDocument(options: { baseUrl: string }): JsonObject {
  const paths: Record<string, JsonObject> = {};
  for (const endpoint of endpoints) {
    paths[endpoint.path] ??= {};
    paths[endpoint.path]![endpoint.method] = operation(endpoint);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Hawl API",
      version: "1",
      description:
        "Zakat calculator and tracker. JSON over HTTP; money as decimal strings, dates as " +
        "YYYY-MM-DD, timestamps ISO 8601 UTC. State-changing requests from browsers must come " +
        "from the site's own origin.",
    },
    servers: [{ url: options.baseUrl }],
    paths,
    components: {
      schemas: {
        Error: jsonSchema(errorBodySchema, "output"),
        BetterAuthError: jsonSchema(betterAuthErrorSchema, "output"),
      },
      securitySchemes: {
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "hawl.session_token",
          description: "Set by POST /api/auth/sign-in/email (`__Secure-` prefixed behind https)",
        },
      },
    },
  };
}

/** GET /api/openapi.json; mount at "/". */
export function openApiRoutes(options: { baseUrl: string }) {
  let document: JsonObject | undefined;
  return router().on(openApiDocument, (c) => {
    document ??= buildOpenApiDocument(options);
    return c.json(document);
  }).app;
}
