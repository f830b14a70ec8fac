import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { endpoints, routePattern } from "../../src/contracts/endpoints.ts";
import { boundEndpoint } from "../../src/server/http/route.ts";
import { testEngine } from "../helpers/database.ts";
import { stripeTestEnv } from "../helpers/stripe-stand-in.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

type Operation = {
  summary: string;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
  security: unknown[];
};

describe(`GET /api/openapi.json on ${testEngine()}`, () => {
  let testApp: TestApp;
  let document: {
    openapi: string;
    info: { title: string; version: string };
    paths: Record<string, Record<string, Operation>>;
    components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
  };

  beforeAll(async () => {
    // with Stripe's settings, so that the billing routes exist (no request reaches its API here)
    testApp = await createTestApp({ ...stripeTestEnv, STRIPE_API_URL: "http://127.0.0.1:9" });
    const response = await testApp.request("/api/openapi.json");
    expect(response.status).toBe(200);
    document = await response.json();
  });
  afterAll(() => testApp.close());

  it("is an OpenAPI 3.1 document", () => {
    expect(document.openapi).toBe("3.1.0");
    expect(document.info.title).toBe("Hawl API");
    expect(document.components.securitySchemes.sessionCookie).toBeDefined();
    expect(document.components.schemas.Error).toMatchObject({
      type: "object",
      required: ["error"],
    });
  });

  it.each([
    ["get", "/healthz"],
    ["get", "/readyz"],
    ["get", "/api/me"],
    ["patch", "/api/me"],
    ["get", "/api/workspaces"],
    ["post", "/api/workspaces"],
    ["post", "/api/auth/sign-up/email"],
    ["post", "/api/auth/sign-in/email"],
    ["post", "/api/auth/sign-out"],
    ["get", "/api/auth/get-session"],
    ["get", "/api/auth/verify-email"],
    ["post", "/api/auth/request-password-reset"],
    ["post", "/api/auth/reset-password"],
  ])("documents %s %s", (method, path) => {
    const operation = document.paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(operation!.summary.length).toBeGreaterThan(0);
    expect(Object.keys(operation!.responses).length).toBeGreaterThan(0);
  });

  it("describes bodies and answers from the zod contracts", () => {
    const create = document.paths["/api/workspaces"]!.post!;
    expect(create.requestBody!.content["application/json"]!.schema).toMatchObject({
      type: "object",
      properties: { name: { type: "string", minLength: 1, maxLength: 100 } },
      required: ["name"],
      additionalProperties: false,
    });
    expect(create.responses["201"]!.content!["application/json"]!.schema).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["id", "name", "role"]),
    });
    for (const status of ["400", "401", "403", "413", "415", "503"]) {
      expect(create.responses[status], status).toBeDefined();
    }
    expect(create.security).toEqual([{ sessionCookie: [] }]);
    const patchMe = document.paths["/api/me"]!.patch!;
    expect(
      Object.keys(patchMe.requestBody!.content["application/json"]!.schema.properties as object),
    ).toEqual(["fullName", "avatarUrl"]);
  });

  it("documents the calendar feed as text/calendar, public, with its token query", () => {
    const feed = document.paths["/api/workspaces/{ws}/calendar.ics"]!.get! as Operation & {
      parameters: { name: string; in: string; required: boolean }[];
    };
    expect(Object.keys(feed.responses["200"]!.content!)).toEqual(["text/calendar; charset=utf-8"]);
    expect(feed.responses["404"]).toBeDefined();
    expect(feed.security).toEqual([]);
    expect(feed.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "ws", in: "path" }),
        expect.objectContaining({ name: "token", in: "query", required: true }),
      ]),
    );
  });

  it("covers every route the app itself defines under /api", () => {
    const documented = new Set(endpoints.map((e) => `${e.method.toUpperCase()} ${e.path}`));
    const defined = testApp.app.routes
      .filter((r) => r.method !== "ALL" && !r.path.includes("*"))
      .map((r) => {
        // routePattern's `:year{[^/]+\.pdf}` back to the template's `{year}.pdf`
        const path = r.path.replace(/:(\w+)\{\[\^\/\]\+\\\.(\w+)\}/g, "{$1}.$2");
        return `${r.method} ${path.replace(/\/$/, "").replace(/:(\w+)/g, "{$1}")}`;
      })
      .filter((route) => route.includes(" /api/"));
    expect(defined.length).toBeGreaterThan(3);
    for (const route of defined) expect(documented, route).toContain(route);
  });

  it("serves every /api route through the binder, from its declaration", () => {
    const routes = testApp.app.routes.filter(
      (r) => r.method !== "ALL" && !r.path.includes("*") && r.path.startsWith("/api/"),
    );
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const unbound: string[] = [];
    for (const key of keys) {
      const [method, path] = key.split(" ") as [string, string];
      const bound = routes
        .filter((r) => r.method === method && r.path === path)
        .map((r) => boundEndpoint(r.handler))
        .find((e) => e !== undefined);
      if (!bound) {
        unbound.push(key);
        continue;
      }
      expect(`${bound.method.toUpperCase()} ${routePattern(bound.path)}`).toBe(key);
    }
    expect(keys.size).toBeGreaterThan(50);
    expect(unbound, "mounted without a declaration").toEqual([]);
  });

  it("mounts a route for every declaration (Better Auth's under /api/auth/*)", () => {
    const mounted = new Set(testApp.app.routes.map((r) => `${r.method} ${r.path}`));
    for (const endpoint of endpoints) {
      const key = `${endpoint.method.toUpperCase()} ${routePattern(endpoint.path)}`;
      if (endpoint.betterAuth) {
        expect(endpoint.path.startsWith("/api/auth/"), key).toBe(true);
        expect(testApp.app.routes.some((r) => r.path === "/api/auth/*")).toBe(true);
        continue;
      }
      expect(mounted, `${key} is declared but no route serves it`).toContain(key);
    }
  });

  it("lists only routes the app answers (no 404 for a registered path)", async () => {
    for (const endpoint of endpoints) {
      if (endpoint.path.includes("{")) continue;
      const response = await testApp.request(endpoint.path, {
        method: endpoint.method.toUpperCase(),
        ...(endpoint.body ? { headers: { "content-type": "application/json" }, body: "{}" } : {}),
      });
      expect(response.status, `${endpoint.method} ${endpoint.path}`).not.toBe(404);
    }
  });
});
