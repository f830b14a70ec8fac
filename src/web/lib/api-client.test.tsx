import { http } from "msw";
import { describe, expect, expectTypeOf, it } from "vitest";
import { z, ZodError } from "zod";
import { endpoint } from "../../contracts/endpoints/types";
import { errorBodySchema } from "../../contracts/errors";
import { installContractServer, serve } from "~/test/msw";
import { ApiError, isErrorBody, request, requestPath } from "./api-client";

installContractServer();

// The hand-written check must agree with the contract's schema on every shape.
const cases: Array<[string, unknown]> = [
  ["a full error", { error: { code: "NOT_FOUND", message: "Not found" } }],
  ["with fields", { error: { code: "VALIDATION_FAILED", message: "x", fields: { a: "b" } } }],
  ["a field that is not text", { error: { code: "X", message: "x", fields: { a: 1 } } }],
  ["fields null", { error: { code: "X", message: "x", fields: null } }],
  ["no message", { error: { code: "X" } }],
  ["a code that is a number", { error: { code: 4, message: "x" } }],
  ["error null", { error: null }],
  ["a flat body", { code: "X", message: "x" }],
  ["null", null],
  ["text", "Bad Gateway"],
  ["an array", [{ error: { code: "X", message: "x" } }]],
];

describe("isErrorBody", () => {
  it.each(cases)("%s: as the contract's schema says", (_, body) => {
    expect(isErrorBody(body)).toBe(errorBodySchema.safeParse(body).success);
  });
});

const getThing = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/things/{id}",
  summary: "A thing",
  tag: "workspaces",
  auth: "session",
  query: z.object({ page: z.string().optional(), tag: z.string().optional() }),
  responses: {
    200: { description: "The thing", schema: z.object({ id: z.string(), at: z.coerce.date() }) },
  },
});

const removeThing = endpoint({
  method: "delete",
  path: "/api/things/{id}",
  summary: "Remove",
  tag: "workspaces",
  auth: "session",
  body: z.object({ reason: z.string() }),
  responses: { 204: { description: "Removed" } },
});

describe("request: a call of a declared route", () => {
  // The routes here are made up for the test, not in the registry: a plain MSW handler answers
  // them (the registry's routes take ~/test/msw's contract-checked `route`).
  const sent: {
    url: string;
    init: { method: string; credentials: string; body: string; headers: Record<string, string> };
  }[] = [];
  const answer = (response: Response) => {
    sent.length = 0;
    serve(
      http.all("*/api/*", async ({ request }) => {
        const url = new URL(request.url);
        sent.push({
          url: url.pathname + url.search,
          init: {
            method: request.method,
            credentials: request.credentials,
            body: await request.text(),
            headers: Object.fromEntries(request.headers),
          },
        });
        return response.clone();
      }),
    );
  };

  it("fills the template, sends the query, parses the answer with the declared schema", async () => {
    answer(Response.json({ id: "a/b", at: "2026-01-02T00:00:00Z" }));
    const thing = await request(getThing, {
      params: { ws: "w 1", id: "a/b" },
      query: { page: "2", tag: undefined },
    });
    expectTypeOf(thing).toEqualTypeOf<{ id: string; at: Date }>();
    expect(thing).toEqual({ id: "a/b", at: new Date("2026-01-02T00:00:00Z") });
    expect(sent[0]!.url).toBe("/api/workspaces/w%201/things/a%2Fb?page=2");
    expect(sent[0]!.init).toMatchObject({ method: "GET", credentials: "same-origin" });
  });

  it("refuses an answer the declaration does not describe (no unchecked cast)", async () => {
    answer(Response.json({ id: 1 }));
    const error: unknown = await request(getThing, { params: { ws: "w", id: "i" } }).catch(
      (e: unknown) => e,
    );
    expect(error).toMatchObject({ status: 200, code: "INTERNAL", message: "Unexpected answer" });
    expect((error as ApiError).body).toBeInstanceOf(ZodError);
    answer(new Response(null, { status: 204 }));
    await expect(request(getThing, { params: { ws: "w", id: "i" } })).rejects.toMatchObject({
      code: "INTERNAL",
    });
  });

  it("sends the body as JSON and answers undefined for a declared 204", async () => {
    answer(new Response(null, { status: 204 }));
    const result = await request(removeThing, { params: { id: "x" }, body: { reason: "old" } });
    expectTypeOf(result).toEqualTypeOf<undefined>();
    expect(result).toBeUndefined();
    expect(sent[0]!.init).toMatchObject({
      method: "DELETE",
      body: '{"reason":"old"}',
      headers: { "content-type": "application/json" },
    });
  });

  it("keeps the errors as ApiError, a network failure as NETWORK", async () => {
    answer(Response.json({ error: { code: "NOT_FOUND", message: "Gone" } }, { status: 404 }));
    await expect(request(getThing, { params: { ws: "w", id: "i" } })).rejects.toMatchObject({
      status: 404,
      code: "NOT_FOUND",
      message: "Gone",
    });
    serve(http.all("*/api/*", () => Response.error()));
    const error: unknown = await request(getThing, { params: { ws: "w", id: "i" } }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: "NETWORK" });
  });

  it("types the call from the declaration", () => {
    answer(new Response(null, { status: 204 }));
    // @ts-expect-error the path's parameters are required
    void request(getThing).catch(() => {});
    // @ts-expect-error a parameter the path does not have
    void request(getThing, { params: { ws: "w", id: "i", other: "o" } }).catch(() => {});
    // @ts-expect-error the declared body is required
    void request(removeThing, { params: { id: "x" } }).catch(() => {});
    // @ts-expect-error a body of the wrong shape
    void request(removeThing, { params: { id: "x" }, body: { why: "old" } }).catch(() => {});
  });

  it("fills a template or fails loudly", () => {
    expect(requestPath("/api/a/{x}", { x: "é" })).toBe("/api/a/%C3%A9");
    expect(() => requestPath("/api/a/{x}", {})).toThrow(/\{x\}/);
  });
});
