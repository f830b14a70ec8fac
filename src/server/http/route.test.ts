import { Hono, type MiddlewareHandler } from "hono";
import pino from "pino";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { endpoint } from "../../contracts/endpoints.ts";
import { AppError } from "../errors.ts";
import type { AppEnv } from "./context.ts";
import { createErrorHandler, notFoundHandler } from "./error-handler.ts";
import { requestContext } from "./request-context.ts";
import { boundEndpoint, router } from "./route.ts";

const renameThing = endpoint({
  method: "patch",
  path: "/api/workspaces/{ws}/things/{id}",
  summary: "Rename a thing",
  tag: "workspaces",
  auth: "session",
  query: z.object({ dryRun: z.enum(["yes", "no"]).optional() }),
  body: z.strictObject({
    name: z
      .string()
      .min(1)
      .transform((s) => s.trim()),
  }),
  responses: { 200: { description: "Renamed", schema: z.object({ name: z.string() }) } },
});

const listThings = endpoint({
  method: "get",
  path: "/api/things",
  summary: "Things",
  tag: "workspaces",
  auth: "none",
  responses: { 200: { description: "Things", schema: z.array(z.string()) } },
});

function appWith(bind: (steps: string[]) => Hono<AppEnv>) {
  const steps: string[] = [];
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler({ databaseAnswers: async () => true }));
  app.notFound(notFoundHandler);
  app.use(requestContext({ logger: pino({ level: "silent" }), trustProxy: false }));
  app.route("/", bind(steps));
  return { app, steps };
}

const session =
  (steps: string[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    steps.push("session");
    if (c.req.header("x-user") === undefined) {
      throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
    }
    c.set("userId", c.req.header("x-user")!);
    await next();
  };

const guard =
  (steps: string[]): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    steps.push("guard");
    if (c.req.param("ws") !== "w1") throw new AppError("NOT_FOUND", "Not found.");
    await next();
  };

const patch = (app: Hono<AppEnv>, path: string, body: string, headers = {}) =>
  app.request(path, {
    method: "PATCH",
    headers: { "content-type": "application/json", "x-user": "u1", ...headers },
    body,
  });

describe("router().on: a handler bound to its declaration", () => {
  const bound = () =>
    appWith(
      (steps) =>
        router({ requireSession: session(steps) })
          .on(renameThing, { guards: [guard(steps)] }, async (c, input) => {
            steps.push("handler");
            expectTypeOf(input.params).toEqualTypeOf<{ ws: string; id: string }>();
            expectTypeOf(input.body).toEqualTypeOf<{ name: string }>();
            expectTypeOf(input.query).toEqualTypeOf<{ dryRun?: "yes" | "no" | undefined }>();
            return c.json({ ...input, user: c.var.userId });
          })
          .on(listThings, (c, input) => {
            expectTypeOf(input.body).toEqualTypeOf<undefined>();
            return c.json(["a"]);
          }).app,
    );

  it("mounts at the declared method and path, with typed, parsed input", async () => {
    const { app, steps } = bound();
    const response = await patch(
      app,
      "/api/workspaces/w1/things/t%201?dryRun=yes",
      '{"name":" A "}',
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      params: { ws: "w1", id: "t 1" },
      query: { dryRun: "yes" },
      body: { name: "A" },
      user: "u1",
    });
    expect(steps).toEqual(["session", "guard", "handler"]);
    expect((await app.request("/api/things")).status).toBe(200);
    expect((await app.request("/api/things", { method: "POST" })).status).toBe(404);
  });

  it("checks the session when the declaration says so, then the guards, before reading", async () => {
    const { app, steps } = bound();
    const anonymous = await app.request("/api/workspaces/w1/things/t1", {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: "not json",
    });
    expect(anonymous.status).toBe(401);
    const stranger = await patch(app, "/api/workspaces/w2/things/t1", "not json");
    expect(stranger.status).toBe(404);
    expect(steps).toEqual(["session", "session", "guard"]);
  });

  it.each([
    ["a body that is not JSON", "?", "not json", {}, 400, "MALFORMED_JSON", undefined],
    [
      "a body the schema refuses",
      "",
      '{"name":"","extra":1}',
      {},
      400,
      "VALIDATION_FAILED",
      { name: expect.any(String), extra: "unknown_field" },
    ],
    [
      "a query the schema refuses",
      "?dryRun=maybe",
      '{"name":"A"}',
      {},
      400,
      "VALIDATION_FAILED",
      { dryRun: expect.any(String) },
    ],
    [
      "a body of another type",
      "",
      '{"name":"A"}',
      { "content-type": "text/plain" },
      415,
      "UNSUPPORTED_MEDIA_TYPE",
      undefined,
    ],
  ])("refuses %s as validation.ts does", async (_, search, body, headers, status, code, fields) => {
    const { app, steps } = bound();
    const response = await patch(app, `/api/workspaces/w1/things/t1${search}`, body, headers);
    expect(response.status).toBe(status);
    const answer = (await response.json()) as { error: { code: string; fields?: unknown } };
    expect(answer.error.code).toBe(code);
    expect(answer.error.fields).toEqual(fields);
    expect(steps).not.toContain("handler");
  });

  it("runs beforeRefusal before answering a refused query (a non-member learns nothing)", async () => {
    const { app } = appWith(
      () =>
        router({ requireSession: session([]) }).on(
          renameThing,
          {
            beforeRefusal: async () => {
              throw new AppError("NOT_FOUND", "Not found.");
            },
          },
          (c) => c.json({ name: "x" }),
        ).app,
    );
    const response = await patch(app, "/api/workspaces/w1/things/t1?dryRun=maybe", "{}");
    expect(response.status).toBe(404);
  });

  it("marks each bound handler with its declaration", () => {
    const { app } = bound();
    const marked = app.routes.map((r) => boundEndpoint(r.handler)).filter((e) => e !== undefined);
    expect(marked).toEqual([renameThing, listThings]);
  });

  it("refuses to bind a session route without a session check, or Better Auth's", () => {
    expect(() => router().on(renameThing, (c) => c.body(null))).toThrow(/requireSession/);
    expect(() => router().on({ ...listThings, betterAuth: true }, (c) => c.body(null))).toThrow(
      /Better Auth/,
    );
  });
});
