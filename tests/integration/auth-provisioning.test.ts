import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, user, workspaceMembers, workspaces } from "../../src/server/db/schema.ts";
import { provisionNewAccount } from "../../src/server/services/provision-new-account.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createAuthTestApp,
  goodPassword,
  relaxedRateLimits,
  signUpAndVerify,
  uniqueEmail,
  type AuthTestApp,
} from "./auth-support.ts";

describe(`new-account provisioning on ${testEngine()}`, () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await createAuthTestApp({ auth: { rateLimits: relaxedRateLimits } });
  });
  afterAll(() => app.close());

  const ownedWorkspaces = (userId: string) =>
    app.database.db
      .select({ id: workspaces.id, name: workspaces.name, createdBy: workspaces.createdBy })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId));

  it("is idempotent, also when called concurrently", async () => {
    const { userId } = await signUpAndVerify(app, { name: "" });
    const [profile] = await app.database.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.fullName).toBeNull();
    const again = await Promise.all([
      provisionNewAccount(app.database.db, { userId, fullName: "Other" }),
      provisionNewAccount(app.database.db, { userId, fullName: "Other" }),
    ]);
    expect(again.map((r) => r.created)).toEqual([false, false]);
    const owned = await ownedWorkspaces(userId);
    expect(owned).toHaveLength(1);
    expect(owned[0]?.createdBy).toBe(userId);
  });

  it("does not bring back a workspace the person deleted", async () => {
    const { userId, email, password } = await signUpAndVerify(app);
    const [owned] = await ownedWorkspaces(userId);
    await app.database.db.delete(workspaces).where(eq(workspaces.id, owned!.id));
    const signIn = await app.browser().post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    expect(await ownedWorkspaces(userId)).toHaveLength(0);
  });

  it("finishes an unprovisioned account at its next sign-in", async () => {
    const { userId, email, password } = await signUpAndVerify(app, { name: "Late" });
    await app.database.db.delete(workspaces).where(eq(workspaces.createdBy, userId));
    await app.database.db.delete(profiles).where(eq(profiles.id, userId));
    const signIn = await app.browser().post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    const [profile] = await app.database.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.fullName).toBe("Late");
    expect(await ownedWorkspaces(userId)).toHaveLength(1);
  });

  it("leaves no user behind when provisioning fails", async () => {
    const email = uniqueEmail();
    await app.database.db.execute(
      sql`alter table workspace_members rename to workspace_members_off`,
    );
    try {
      const response = await app
        .browser()
        .post("/api/auth/sign-up/email", { email, password: goodPassword });
      expect(response.status).toBe(500);
      const body = (await response.json()) as { error: { code: string } };
      expect(body.error.code).toBe("INTERNAL");
    } finally {
      await app.database.db.execute(
        sql`alter table workspace_members_off rename to workspace_members`,
      );
    }
    expect(await app.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);
    // and the same sign-up works once the database is whole again
    const retry = await app
      .browser()
      .post("/api/auth/sign-up/email", { email, password: goodPassword });
    expect(retry.status).toBe(200);
    const [created] = await app.database.db.select().from(user).where(eq(user.email, email));
    expect(await ownedWorkspaces(created!.id)).toHaveLength(1);
  });
});
