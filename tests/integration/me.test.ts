import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { meResponseSchema } from "../../src/contracts/me.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";

describe(`/api/me on ${testEngine()}`, () => {
  let testApp: TestApp;
  let alice: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    alice = await signUpAndSignIn(testApp, uniqueEmail("alice"), { name: "Alice A." });
  });
  afterAll(() => testApp.close());

  it("answers 401 UNAUTHENTICATED without a session", async () => {
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { fullName: "x" }],
    ] as const) {
      const response = await testApp.request("/api/me", {
        method,
        ...(body
          ? { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }
          : {}),
      });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        error: { code: "UNAUTHENTICATED", message: expect.any(String) },
      });
    }
  });

  it("answers 401 with a forged session cookie", async () => {
    const response = await testApp.request("/api/me", {
      headers: { cookie: "hawl.session_token=forged.signature" },
    });
    expect(response.status).toBe(401);
  });

  it("GET gives user, profile and the free plan", async () => {
    const response = await alice.request("/api/me");
    expect(response.status).toBe(200);
    const me = meResponseSchema.parse(await response.json());
    expect(me.user).toEqual({ id: alice.id, email: alice.email, emailVerified: true });
    expect(me.profile.fullName).toBe("Alice A.");
    expect(me.profile.avatarUrl).toBeNull();
    expect(me.plan).toBe("free");
    expect(Date.parse(me.profile.createdAt)).not.toBeNaN();
  });

  it("PATCH changes the given fields only, trims, and stores empty strings as null", async () => {
    const set = await alice.json("PATCH", "/api/me", {
      fullName: "  Alice Abbas ",
      avatarUrl: "https://example.org/a.png",
    });
    expect(set.status).toBe(200);
    const afterSet = meResponseSchema.parse(await set.json());
    expect(afterSet.profile).toMatchObject({
      fullName: "Alice Abbas",
      avatarUrl: "https://example.org/a.png",
    });

    const partial = await alice.json("PATCH", "/api/me", { fullName: "Alice" });
    expect(meResponseSchema.parse(await partial.json()).profile).toMatchObject({
      fullName: "Alice",
      avatarUrl: "https://example.org/a.png",
    });

    const cleared = await alice.json("PATCH", "/api/me", { fullName: "", avatarUrl: "  " });
    expect(cleared.status).toBe(200);
    expect(meResponseSchema.parse(await cleared.json()).profile).toMatchObject({
      fullName: null,
      avatarUrl: null,
    });
    const read = meResponseSchema.parse(await (await alice.request("/api/me")).json());
    expect(read.profile).toMatchObject({ fullName: null, avatarUrl: null });
  });

  it.each([
    ["the e-mail", { email: "mallory@example.test" }, "email"],
    ["an unknown key", { role: "admin" }, "role"],
    ["a wrong type", { fullName: 42 }, "fullName"],
    ["a non-http avatar", { avatarUrl: "javascript:alert(1)" }, "avatarUrl"],
    ["a too long name", { fullName: "x".repeat(201) }, "fullName"],
  ])("PATCH refuses %s with 400 VALIDATION_FAILED and stores nothing", async (_n, body, field) => {
    const before = await (await alice.request("/api/me")).json();
    const response = await alice.json("PATCH", "/api/me", { fullName: "Changed", ...body });
    expect(response.status).toBe(400);
    const error = (await response.json()) as { error: { code: string; fields: object } };
    expect(error.error.code).toBe("VALIDATION_FAILED");
    expect(Object.keys(error.error.fields)).toContain(field);
    expect(await (await alice.request("/api/me")).json()).toEqual(before);
  });
});
