import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workspaceListSchema, workspaceSchema } from "../../src/contracts/workspaces.ts";
import { workspaceMembers, workspaces } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";

describe(`/api/workspaces on ${testEngine()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  const workspaceCount = async () => (await testApp.database.db.select().from(workspaces)).length;

  it("answers 401 without a session, and creates nothing", async () => {
    const before = await workspaceCount();
    expect((await testApp.request("/api/workspaces")).status).toBe(401);
    const post = await testApp.request("/api/workspaces", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Family" }),
    });
    expect(post.status).toBe(401);
    expect(((await post.json()) as { error: { code: string } }).error.code).toBe("UNAUTHENTICATED");
    expect(await workspaceCount()).toBe(before);
  });

  it("lists the personal workspace made at sign-up, with the owner role", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("list"));
    const response = await user.request("/api/workspaces");
    expect(response.status).toBe(200);
    const list = workspaceListSchema.parse(await response.json());
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: "Personal", role: "owner", createdBy: user.id });
  });

  it("lists only the caller's workspaces, with the caller's role, oldest first", async () => {
    const owner = await signUpAndSignIn(testApp, uniqueEmail("owner"));
    const guest = await signUpAndSignIn(testApp, uniqueEmail("guest"));
    const [ownerPersonal] = workspaceListSchema.parse(
      await (await owner.request("/api/workspaces")).json(),
    );
    // membership of someone else's workspace, as an accepted invitation will leave it
    await testApp.database.db
      .insert(workspaceMembers)
      .values({ workspaceId: ownerPersonal!.id, userId: guest.id, role: "member" });
    const list = workspaceListSchema.parse(await (await guest.request("/api/workspaces")).json());
    expect(list.map((w) => [w.createdBy, w.role])).toEqual([
      [owner.id, "member"],
      [guest.id, "owner"],
    ]);
  });

  it("POST refuses a second workspace on the free plan (the personal one counts)", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("limit"));
    const response = await user.json("POST", "/api/workspaces", { name: "Family" });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({
      error: {
        code: "PLAN_LIMIT_REACHED",
        message: expect.stringMatching(/1 workspace/),
        fields: { limit: "workspaces", plan: "free", limitValue: "1", upgradeTo: "standard" },
      },
    });
    expect(
      workspaceListSchema.parse(await (await user.request("/api/workspaces")).json()),
    ).toHaveLength(1);
  });

  it("POST creates a workspace owned by the caller, name trimmed, in one go with its member row", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("create"));
    // a free account whose personal workspace is gone has room for one
    await testApp.database.db.delete(workspaces).where(eq(workspaces.createdBy, user.id));

    const response = await user.json("POST", "/api/workspaces", { name: "  Family Zakat  " });
    expect(response.status).toBe(201);
    const created = workspaceSchema.parse(await response.json());
    expect(created).toMatchObject({ name: "Family Zakat", role: "owner", createdBy: user.id });
    const members = await testApp.database.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.workspaceId, created.id));
    expect(members).toEqual([expect.objectContaining({ userId: user.id, role: "owner" })]);
    const list = workspaceListSchema.parse(await (await user.request("/api/workspaces")).json());
    expect(list.map((w) => w.id)).toEqual([created.id]);
  });

  it("POST lets only one of two concurrent creations through", async () => {
    const user = await signUpAndSignIn(testApp, uniqueEmail("race"));
    await testApp.database.db.delete(workspaces).where(eq(workspaces.createdBy, user.id));
    const statuses = await Promise.all(
      ["A", "B", "C"].map(
        async (name) => (await user.json("POST", "/api/workspaces", { name })).status,
      ),
    );
    expect(statuses.sort()).toEqual([201, 403, 403]);
  });

  let invalidUser: SignedInUser | undefined;
  it.each([
    ["a blank name", { name: "   " }, "name"],
    ["a missing name", {}, "name"],
    ["a wrong type", { name: 12 }, "name"],
    ["a too long name", { name: "x".repeat(101) }, "name"],
    ["an unknown key", { name: "Ok", plan: "pro" }, "plan"],
  ])("POST refuses %s with 400 VALIDATION_FAILED and stores nothing", async (_n, body, field) => {
    invalidUser ??= await signUpAndSignIn(testApp, uniqueEmail("invalid"));
    const user = invalidUser;
    // room under the plan limit, so only validation can refuse
    await testApp.database.db.delete(workspaces).where(eq(workspaces.createdBy, user.id));
    const before = await workspaceCount();
    const response = await user.json("POST", "/api/workspaces", body);
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as {
      error: { code: string; message: string; fields: Record<string, string> };
    };
    expect(error.code).toBe("VALIDATION_FAILED");
    expect(error.fields[field]).toEqual(expect.any(String));
    expect(await workspaceCount()).toBe(before);
  });
});
