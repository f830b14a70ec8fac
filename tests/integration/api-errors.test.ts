import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { workspaces } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createSiblingApp,
  createTestApp,
  relaxedAuthLimits,
  testBaseUrl,
  type TestApp,
} from "../helpers/test-app.ts";

// The request rules every /api route shares: error shape, media type, size, JSON syntax,
// cross-site refusal, unknown paths.

describe(`API request rules on ${testEngine()}`, () => {
  let testApp: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    user = await signUpAndSignIn(testApp, uniqueEmail("rules"));
    // room under the plan limit: a refusal below can only come from the rule under test
    await testApp.database.db.delete(workspaces);
  });
  afterAll(() => testApp.close());

  const stored = async () => (await testApp.database.db.select().from(workspaces)).length;

  async function expectError(response: Response, status: number, code: string) {
    expect(response.status).toBe(status);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = errorBodySchema.parse(await response.json());
    expect(body.error.code).toBe(code);
    expect(body.error.message.length).toBeGreaterThan(0);
    return body.error;
  }

  it("wrong types → 400 VALIDATION_FAILED with fields, nothing stored", async () => {
    const error = await expectError(
      await user.json("POST", "/api/workspaces", { name: ["not", "a", "string"] }),
      400,
      "VALIDATION_FAILED",
    );
    expect(error.fields).toEqual({ name: expect.any(String) });
    expect(await stored()).toBe(0);
  });

  it("a body over the limit (1 MB) → 413 PAYLOAD_TOO_LARGE, nothing stored", async () => {
    const body = JSON.stringify({ name: "x".repeat(1024 * 1024) });
    await expectError(
      await user.request("/api/workspaces", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(body.length) },
        body,
      }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    // without Content-Length (chunked), the body is counted as it streams
    const stream = new Blob([body]).stream();
    await expectError(
      await user.request("/api/workspaces", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit),
      413,
      "PAYLOAD_TOO_LARGE",
    );
    expect(await stored()).toBe(0);
  });

  it("the limit follows BODY_LIMIT_BYTES", async () => {
    const small = createSiblingApp(testApp, { BODY_LIMIT_BYTES: "2048" });
    const body = JSON.stringify({ name: "x".repeat(3000) });
    await expectError(
      await small.request("/api/workspaces", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "content-length": String(body.length),
          cookie: user.cookie,
        },
        body,
      }),
      413,
      "PAYLOAD_TOO_LARGE",
    );
  });

  it.each([
    ["text/plain", "name=Family"],
    ["application/x-www-form-urlencoded", "name=Family"],
    ["multipart/form-data; boundary=x", "--x\r\n\r\nname\r\n--x--"],
  ])("a %s body → 415 UNSUPPORTED_MEDIA_TYPE, nothing stored", async (type, body) => {
    await expectError(
      await user.request("/api/workspaces", {
        method: "POST",
        headers: { "content-type": type },
        body,
      }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    );
    expect(await stored()).toBe(0);
  });

  it("a JSON body with charset is accepted", async () => {
    const response = await user.request("/api/workspaces", {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ name: "Charset" }),
    });
    expect(response.status).toBe(201);
    await testApp.database.db.delete(workspaces);
  });

  it.each(['{"name": "Family"', "{name: 'Family'}", ""])(
    "malformed JSON %j → 400 MALFORMED_JSON, nothing stored",
    async (body) => {
      await expectError(
        await user.request("/api/workspaces", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body,
        }),
        400,
        "MALFORMED_JSON",
      );
      expect(await stored()).toBe(0);
    },
  );

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["an Origin on another port", { origin: "http://localhost:3001" }],
    ["the opaque Origin null", { origin: "null" }],
    ["Sec-Fetch-Site cross-site without Origin", { origin: "", "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site same-site without Origin", { origin: "", "sec-fetch-site": "same-site" }],
  ])("a cross-site POST (%s) → 403 CROSS_SITE_REQUEST, nothing stored", async (_n, headers) => {
    const request = new Request(`${testBaseUrl}/api/workspaces`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie, ...headers },
      body: JSON.stringify({ name: "Family" }),
    });
    if (headers.origin === "") request.headers.delete("origin");
    await expectError(await testApp.app.request(request), 403, "CROSS_SITE_REQUEST");
    expect(await stored()).toBe(0);
  });

  it("the same check guards Better Auth's routes", async () => {
    const response = await testApp.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ email: user.email, password: "whatever-password" }),
    });
    await expectError(response, 403, "CROSS_SITE_REQUEST");
  });

  it("lets through same-origin requests and clients that send neither Origin nor Sec-Fetch-Site", async () => {
    const sameOrigin = new Request(`${testBaseUrl}/api/workspaces`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie },
      body: JSON.stringify({ name: "From a script" }),
    });
    sameOrigin.headers.set("sec-fetch-site", "same-origin");
    expect((await testApp.app.request(sameOrigin)).status).toBe(201);
    await testApp.database.db.delete(workspaces);

    const curl = new Request(`${testBaseUrl}/api/workspaces`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: user.cookie },
      body: JSON.stringify({ name: "From curl" }),
    });
    expect((await testApp.app.request(curl)).status).toBe(201);
    await testApp.database.db.delete(workspaces);
  });

  it("does not apply to reads", async () => {
    const response = await testApp.app.request(`${testBaseUrl}/api/me`, {
      headers: { origin: "https://evil.example", cookie: user.cookie },
    });
    expect(response.status).toBe(200);
  });

  it("an unknown /api path → 404 NOT_FOUND JSON, whatever the method", async () => {
    await expectError(await testApp.request("/api/nope"), 404, "NOT_FOUND");
    await expectError(
      await testApp.request("/api/nope/deeper", { method: "DELETE" }),
      404,
      "NOT_FOUND",
    );
    await expectError(await testApp.request("/api"), 404, "NOT_FOUND");
  });

  it("carries a request id and keeps API answers out of shared caches", async () => {
    const response = await user.request("/api/me");
    expect(response.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // an id sent by the client is not trusted without TRUST_PROXY
    const spoofed = await user.request("/api/me", { headers: { "x-request-id": "abc" } });
    expect(spoofed.headers.get("x-request-id")).not.toBe("abc");
  });
});
