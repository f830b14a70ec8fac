import { describe, expect, it, vi } from "vitest";
import type { EmbedConfig } from "../../contracts/embed";
import {
  apiCalls,
  apiError,
  checkAnswer,
  ContractDrift,
  endpointOf,
  route,
  serve,
  takeDrifts,
  installContractServer,
} from "./msw";

installContractServer();

const config: EmbedConfig = {
  id: "00000000-0000-4000-8000-000000000001",
  embedKey: "Key1ABCDEFGHIJKLMNOPQRSTUVWXYZab",
  name: "Site 1",
  allowedDomains: ["example.org"],
  config: {},
  callToAction: null,
  isActive: true,
  createdAt: "2025-03-01T10:00:00.000Z",
};
const origin = "http://localhost";

describe("contract-checked MSW handlers", () => {
  it("refuses a route the endpoint registry does not have", () => {
    expect(() => route("get", "/api/embed-configs/{id}/stats", () => Response.json({}))).toThrow(
      ContractDrift,
    );
  });

  it("sends an answer that fits the endpoint's response schema", async () => {
    serve(route("get", "/api/embed-configs", () => Response.json([config])));
    const response = await fetch(`${origin}/api/embed-configs`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual([config]);
    expect(takeDrifts()).toEqual([]);
  });

  it("catches an answer that drifted: a required field missing fails the test", async () => {
    const { embedKey: _, ...drifted } = config;
    serve(route("get", "/api/embed-configs", () => Response.json([drifted])));
    const response = await fetch(`${origin}/api/embed-configs`);
    expect(response.status).toBe(500);
    const found = takeDrifts();
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("GET /api/embed-configs → 200");
    expect(found[0]).toContain('"0.embedKey"');
  });

  it("catches a body where the contract answers none, and an error not in the error shape", () => {
    const remove = endpointOf("delete", "/api/embed-configs/{id}");
    expect(() => checkAnswer(remove, 204, undefined)).not.toThrow();
    expect(() => checkAnswer(remove, 204, { ok: true })).toThrow(/answers no body/);
    expect(() => checkAnswer(remove, 404, { code: "NOT_FOUND" })).toThrow(/not the error shape/);
    expect(() => checkAnswer(remove, 200, undefined)).toThrow(/no such answer/);
    expect(() =>
      checkAnswer(remove, 404, { error: { code: "NOT_FOUND", message: "gone" } }),
    ).not.toThrow();
  });

  it("answers 400 in the API's error shape when the request body breaks the contract", async () => {
    const resolve = vi.fn(() => Response.json(config, { status: 201 }));
    serve(route("post", "/api/embed-configs", resolve));
    const response = await fetch(`${origin}/api/embed-configs`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ allowedDomains: "example.org" }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: object } };
    expect(body.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(body.error.fields)).toContain("allowedDomains");
    expect(resolve).not.toHaveBeenCalled();
    expect(apiCalls()).toEqual([
      {
        method: "POST",
        path: "/api/embed-configs",
        search: "",
        body: { allowedDomains: "example.org" },
      },
    ]);
  });

  it("counts a request no handler answers against the test", async () => {
    await fetch(`${origin}/api/embed-configs`).catch(() => undefined);
    expect(takeDrifts()).toEqual([`no handler for GET ${origin}/api/embed-configs`]);
  });

  it("lets a fake answer the contract's errors", async () => {
    serve(route("patch", "/api/embed-configs/{id}", () => apiError(403, "PLAN_LIMIT_REACHED")));
    const response = await fetch(`${origin}/api/embed-configs/${config.id}`, {
      method: "PATCH",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ isActive: false }),
    });
    expect(response.status).toBe(403);
    expect(takeDrifts()).toEqual([]);
  });

  it("checks Better Auth's errors against its own shape, and our guards' against ours", () => {
    const reset = endpointOf("post", "/api/auth/reset-password");
    const refusal = { code: "INVALID_TOKEN", message: "Invalid token" };
    expect(() => checkAnswer(reset, 400, refusal)).not.toThrow();
    expect(() => checkAnswer(reset, 400, { code: 400 })).toThrow(ContractDrift);
    expect(() => checkAnswer(reset, 503, refusal)).toThrow(/not the error shape/);
    expect(() =>
      checkAnswer(reset, 503, { error: { code: "UNAVAILABLE", message: "x" } }),
    ).not.toThrow();
  });

  it("passes a network failure through, and gives the resolver the headers and credentials", async () => {
    const seen: { key: string | null; credentials: RequestCredentials }[] = [];
    serve(
      route("get", "/api/prices", ({ headers, credentials }) => {
        seen.push({ key: headers.get("x-probe"), credentials });
        return Response.error();
      }),
    );
    await expect(
      fetch(`${origin}/api/prices?currency=EUR`, {
        headers: { "x-probe": "1" },
        credentials: "omit",
      }),
    ).rejects.toThrow(TypeError);
    expect(seen).toEqual([{ key: "1", credentials: "omit" }]);
    expect(takeDrifts()).toEqual([]);
  });
});
