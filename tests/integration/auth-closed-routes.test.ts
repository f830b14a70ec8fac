import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../src/server/auth/auth.ts";
import { account, user } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createAuthTestApp,
  relaxedRateLimits,
  signUpAndVerify,
  type AuthTestApp,
  type Browser,
} from "./auth-support.ts";

// Issue 28 (decision 047): Better Auth routes Hawl does not declare answer 404, so a stolen
// session cannot guess the password through verify-password (or change-password, delete-user,
// …), nor write the user through update-user; whatever answers is in the OpenAPI document.

type OpenApi = { paths: Record<string, Record<string, unknown>> };

/** Every route Better Auth itself mounts with this app's configuration. */
function betterAuthRoutes(app: AuthTestApp): { method: string; path: string }[] {
  const api = createAuth(app.deps).api as unknown as Record<
    string,
    { path?: string; options?: { method?: string | string[] } }
  >;
  const routes: { method: string; path: string }[] = [];
  for (const endpoint of Object.values(api)) {
    if (!endpoint.path) continue; // server-only (set-password): not routed
    const methods = endpoint.options?.method ?? "GET";
    const list = methods === "*" ? ["GET", "POST"] : Array.isArray(methods) ? methods : [methods];
    for (const method of list) routes.push({ method, path: `/api/auth${endpoint.path}` });
  }
  return routes;
}

/** The guesses a stolen session would make, one per password-checking route. */
const guesses: Array<[string, (password: string) => Record<string, unknown>]> = [
  ["/api/auth/verify-password", (password) => ({ password })],
  [
    "/api/auth/change-password",
    (password) => ({ currentPassword: password, newPassword: "another fine password 77" }),
  ],
  ["/api/auth/delete-user", (password) => ({ password })],
  [
    "/api/auth/change-email",
    (password) => ({ newEmail: "taken-over@example.test", password, callbackURL: "/" }),
  ],
  ["/api/auth/update-user", (password) => ({ name: password, image: "javascript:alert(1)" })],
];

describe(`Better Auth routes Hawl does not use, on ${testEngine()}`, () => {
  let app: AuthTestApp;
  let owner: { email: string; password: string; browser: Browser; userId: string };
  let document: OpenApi;

  beforeAll(async () => {
    app = await createAuthTestApp({ auth: { rateLimits: relaxedRateLimits } });
    owner = await signUpAndVerify(app);
    const response = await app.request("/api/openapi.json");
    expect(response.status).toBe(200);
    document = (await response.json()) as OpenApi;
  });
  afterAll(() => app.close());

  const stored = (userId: string) =>
    app.database.db
      .select({ name: user.name, image: user.image, email: user.email, hash: account.password })
      .from(user)
      .innerJoin(account, eq(account.userId, user.id))
      .where(eq(user.id, userId));

  it("answer 404 unless declared: every Better Auth route that answers is in the OpenAPI document", async () => {
    const routes = betterAuthRoutes(app);
    // the enumeration sees what an attacker would find
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        "POST /api/auth/verify-password",
        "POST /api/auth/change-password",
        "POST /api/auth/update-user",
        "POST /api/auth/sign-in/email",
      ]),
    );
    // a session of its own: the walk posts sign-out too
    const walker = (await signUpAndVerify(app)).browser;
    const answering: string[] = [];
    for (const { method, path } of routes) {
      const concrete = path.replace(/:(\w+)/g, "not-a-$1");
      const response = await walker.request(concrete, {
        method,
        ...(method === "GET" || method === "HEAD"
          ? {}
          : { headers: { "content-type": "application/json" }, body: "{}" }),
      });
      await response.arrayBuffer();
      if (response.status === 404) continue;
      const documented = path.replace(/:(\w+)/g, "{$1}");
      answering.push(`${method} ${documented}`);
      expect(
        document.paths[documented]?.[method.toLowerCase()],
        `${method} ${path} answers ${response.status} but is not in the OpenAPI document`,
      ).toBeDefined();
    }
    expect(answering.length).toBeGreaterThanOrEqual(7);
    expect(answering).not.toContain("POST /api/auth/verify-password");
  });

  it("is no password oracle: a hundred guesses and the right password all answer 404, nothing changes", async () => {
    const victim = await signUpAndVerify(app);
    const before = await stored(victim.userId);
    for (const [path, body] of guesses) {
      const answers = new Map<number, number>();
      for (let i = 0; i < 100; i++) {
        const response = await victim.browser.post(path, body(`wrong guess number ${i}`));
        await response.arrayBuffer();
        answers.set(response.status, (answers.get(response.status) ?? 0) + 1);
      }
      const right = await victim.browser.post(path, body(victim.password));
      expect(right.status, path).toBe(404);
      expect(((await right.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
      expect([...answers], path).toEqual([[404, 100]]);
    }
    expect(await stored(victim.userId)).toEqual(before);
    expect(await victim.browser.session()).not.toBeNull();
  });

  it.each([
    "/api/auth/verify%2Dpassword",
    "/api/auth/Verify-Password",
    "/api/auth/verify-password/",
    "/api/auth//verify-password",
    "/api/auth/sign-in/../verify-password",
    "/api/auth/verify-password?x=/sign-in/email",
  ])("keeps %s closed however it is spelt", async (path) => {
    const before = await stored(owner.userId);
    const response = await owner.browser.post(path, { password: owner.password });
    expect(response.status).toBe(404);
    expect(await stored(owner.userId)).toEqual(before);
  });
});
