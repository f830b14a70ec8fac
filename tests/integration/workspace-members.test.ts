import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import {
  memberListSchema,
  memberSchema,
  workspaceSchema,
  type Member,
} from "../../src/contracts/workspaces.ts";
import {
  calculationCounts,
  milestones,
  obligations,
  workspaceInvitations,
  workspaceMembers,
  workspaces,
  zakatCalculations,
  zakatStates,
} from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { setPlan, workspacesOf } from "../helpers/workspaces.ts";

// Workspace settings (API.md "workspaces", "members"; spec §2 "Workspace settings", §4
// "Workspace", §5, §6): rename, delete with everything in it, members, leaving, roles, removal,
// and the last-owner rule under concurrency.

describe(`workspace settings and members on ${testEngine()}`, () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  let member: SignedInUser;
  let stranger: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    [owner, member, stranger] = await Promise.all([
      signUpAndSignIn(testApp, uniqueEmail("ws-owner"), { name: "Owner One" }),
      signUpAndSignIn(testApp, uniqueEmail("ws-member"), { name: "Member Two" }),
      signUpAndSignIn(testApp, uniqueEmail("ws-stranger")),
    ]);
    await setPlan(testApp, owner.id, "pro");
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

  /** a workspace of `owner` with `member` in it (and more people when given) */
  async function team(
    extra: { person: SignedInUser; role: "owner" | "member" }[] = [],
    name = "Family Zakat",
  ) {
    const [row] = await db().insert(workspaces).values({ name, createdBy: owner.id }).returning();
    const ws = row!.id;
    // one statement each: people join one after the other
    for (const values of [
      { workspaceId: ws, userId: owner.id, role: "owner" as const, invitedBy: null },
      { workspaceId: ws, userId: member.id, role: "member" as const, invitedBy: owner.id },
      ...extra.map((e) => ({
        workspaceId: ws,
        userId: e.person.id,
        role: e.role,
        invitedBy: owner.id,
      })),
    ]) {
      await db().insert(workspaceMembers).values(values);
    }
    const members = memberListSchema.parse(
      await (await owner.request(`/api/workspaces/${ws}/members`)).json(),
    );
    const of = (person: SignedInUser): Member => members.find((m) => m.userId === person.id)!;
    return { ws, base: `/api/workspaces/${ws}`, of };
  }

  describe("rename", () => {
    it("lets an owner rename (trimmed), bumping updatedAt; everyone sees the new name", async () => {
      const { ws, base } = await team();
      const before = (await workspacesOf(owner)).find((w) => w.id === ws)!;
      const response = await owner.json("PATCH", base, { name: "  Diallo household  " });
      expect(response.status).toBe(200);
      const renamed = workspaceSchema.parse(await response.json());
      expect(renamed).toMatchObject({ id: ws, name: "Diallo household", role: "owner" });
      expect(Date.parse(renamed.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
      expect((await workspacesOf(member)).find((w) => w.id === ws)!.name).toBe("Diallo household");
    });

    it.each([
      ["a blank name", { name: "  \t " }],
      ["no name", {}],
      ["a too long name", { name: "x".repeat(101) }],
      ["an unknown key", { name: "Ok", createdBy: "me" }],
    ])("refuses %s with 400 and changes nothing", async (_n, body) => {
      const { ws, base } = await team([], "Unchanged");
      const response = await owner.json("PATCH", base, body);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe("VALIDATION_FAILED");
      const [row] = await db().select().from(workspaces).where(eq(workspaces.id, ws));
      expect(row!.name).toBe("Unchanged");
    });

    it("answers 403 to a member and 404 to a stranger, whatever they send", async () => {
      const { ws, base } = await team([], "Unchanged");
      for (const body of [{ name: "Mine" }, { nonsense: 1 }]) {
        const asMember = await member.json("PATCH", base, body);
        expect(asMember.status).toBe(403);
        expect(await errorOf(asMember)).toEqual({
          code: "FORBIDDEN",
          message: "Only an owner of this workspace can do this.",
        });
        expect((await stranger.json("PATCH", base, body)).status).toBe(404);
      }
      const [row] = await db().select().from(workspaces).where(eq(workspaces.id, ws));
      expect(row!.name).toBe("Unchanged");
    });
  });

  describe("delete", () => {
    it("deletes the workspace and everything in it; members lose it from their list", async () => {
      const { ws, base } = await team();
      const saved = await member.json("POST", `${base}/calculations`, {
        ...calculateRequestExample,
        name: "Shared",
        isCompleted: true,
      });
      expect(saved.status).toBe(201);
      expect(
        (
          await member.json("POST", `${base}/milestones`, {
            date: "2026-01-10",
            title: "Nisab reached",
            type: "threshold",
          })
        ).status,
      ).toBe(201);
      expect(
        (
          await owner.json("POST", `${base}/obligations`, {
            amount: "100",
            category: "Zakat",
            dueDate: "2026-12-01",
          })
        ).status,
      ).toBe(201);
      expect(
        (await owner.json("POST", `${base}/invitations`, { email: uniqueEmail("x") })).status,
      ).toBe(201);

      expect((await member.request(base, { method: "DELETE" })).status).toBe(403);
      expect((await stranger.request(base, { method: "DELETE" })).status).toBe(404);
      expect(await db().$count(zakatCalculations, eq(zakatCalculations.workspaceId, ws))).toBe(1);

      const response = await owner.request(base, { method: "DELETE" });
      expect(response.status).toBe(204);
      for (const [table, column] of [
        [workspaces, workspaces.id],
        [workspaceMembers, workspaceMembers.workspaceId],
        [workspaceInvitations, workspaceInvitations.workspaceId],
        [zakatCalculations, zakatCalculations.workspaceId],
        [calculationCounts, calculationCounts.workspaceId],
        [milestones, milestones.workspaceId],
        [obligations, obligations.workspaceId],
        [zakatStates, zakatStates.workspaceId],
      ] as const) {
        expect(await db().$count(table, eq(column, ws))).toBe(0);
      }
      expect((await workspacesOf(member)).map((w) => w.id)).not.toContain(ws);
      expect((await member.request(`${base}/calculations`)).status).toBe(404);
      expect((await owner.request(base, { method: "DELETE" })).status).toBe(404);
    });
  });

  describe("members", () => {
    it("lists members with e-mail, full name and role to every member, in the order they joined", async () => {
      const { base } = await team();
      for (const person of [owner, member]) {
        const response = await person.request(`${base}/members`);
        expect(response.status).toBe(200);
        const list = memberListSchema.parse(await response.json());
        expect(list.map((m) => [m.userId, m.email, m.fullName, m.role, m.invitedBy])).toEqual([
          [owner.id, owner.email, "Owner One", "owner", null],
          [member.id, member.email, "Member Two", "member", owner.id],
        ]);
      }
      expect((await stranger.request(`${base}/members`)).status).toBe(404);
    });

    it("lets an owner remove a member, who loses access with the next request", async () => {
      const { ws, base, of } = await team();
      expect((await member.request(`${base}/calculations`)).status).toBe(200);
      const response = await owner.request(`${base}/members/${of(member).id}`, {
        method: "DELETE",
      });
      expect(response.status).toBe(204);
      for (const path of [`${base}/calculations`, `${base}/zakat`, `${base}/members`]) {
        expect((await member.request(path)).status).toBe(404);
      }
      expect((await workspacesOf(member)).map((w) => w.id)).not.toContain(ws);
      const again = await owner.request(`${base}/members/${of(member).id}`, { method: "DELETE" });
      expect(again.status).toBe(404);
    });

    it("never removes an owner (409), and only owners remove (403 to members)", async () => {
      const coOwner = await signUpAndSignIn(testApp, uniqueEmail("co-owner"));
      const { base, of } = await team([{ person: coOwner, role: "owner" }]);
      for (const target of [coOwner, owner]) {
        const response = await owner.request(`${base}/members/${of(target).id}`, {
          method: "DELETE",
        });
        expect(response.status).toBe(409);
        expect(await errorOf(response)).toEqual({
          code: "CANNOT_REMOVE_OWNER",
          message: "An owner cannot be removed from a workspace.",
        });
      }
      const byMember = await member.request(`${base}/members/${of(coOwner).id}`, {
        method: "DELETE",
      });
      expect(byMember.status).toBe(403);
      expect(
        memberListSchema.parse(await (await owner.request(`${base}/members`)).json()),
      ).toHaveLength(3);
    });

    it.each([
      ["an unknown id", "00000000-0000-4000-8000-000000000000"],
      ["a non-UUID id", "not-a-uuid"],
    ])("answers 404 to %s", async (_n, id) => {
      const { base } = await team();
      const response = await owner.request(`${base}/members/${id}`, { method: "DELETE" });
      expect(response.status).toBe(404);
      expect(await errorOf(response)).toEqual({ code: "NOT_FOUND", message: "Member not found." });
    });

    it("answers 404 to the membership id of another workspace", async () => {
      const first = await team();
      const second = await team();
      const response = await owner.request(`${first.base}/members/${second.of(member).id}`, {
        method: "DELETE",
      });
      expect(response.status).toBe(404);
      expect((await workspacesOf(member)).map((w) => w.id)).toContain(second.ws);
    });
  });

  describe("leaving", () => {
    it("lets a member leave", async () => {
      const { ws, base } = await team();
      const response = await member.request(`${base}/members/me`, { method: "DELETE" });
      expect(response.status).toBe(204);
      expect((await workspacesOf(member)).map((w) => w.id)).not.toContain(ws);
      expect((await member.request(`${base}/members/me`, { method: "DELETE" })).status).toBe(404);
    });

    it("refuses the last owner (409 LAST_OWNER), lets an owner leave while another remains", async () => {
      const coOwner = await signUpAndSignIn(testApp, uniqueEmail("co-owner"));
      const { ws, base } = await team([{ person: coOwner, role: "owner" }]);
      expect((await coOwner.request(`${base}/members/me`, { method: "DELETE" })).status).toBe(204);
      const last = await owner.request(`${base}/members/me`, { method: "DELETE" });
      expect(last.status).toBe(409);
      expect(await errorOf(last)).toEqual({
        code: "LAST_OWNER",
        message:
          "A workspace needs at least one owner. Make another member owner first, or delete the workspace.",
      });
      expect((await workspacesOf(owner)).map((w) => w.id)).toContain(ws);
    });

    it("lets only one of two owners leave when both try at once", async () => {
      const coOwner = await signUpAndSignIn(testApp, uniqueEmail("co-owner"));
      const { ws, base } = await team([{ person: coOwner, role: "owner" }]);
      const statuses = await Promise.all(
        [owner, coOwner].map(
          async (p) => (await p.request(`${base}/members/me`, { method: "DELETE" })).status,
        ),
      );
      expect(statuses.sort()).toEqual([204, 409]);
      const owners = await db()
        .select()
        .from(workspaceMembers)
        .where(eq(workspaceMembers.workspaceId, ws));
      expect(owners.filter((m) => m.role === "owner")).toHaveLength(1);
    });

    it("answers 404 to a stranger", async () => {
      const { base } = await team();
      expect((await stranger.request(`${base}/members/me`, { method: "DELETE" })).status).toBe(404);
    });
  });

  describe("roles", () => {
    it("lets an owner make a member owner; the new owner can then act as one", async () => {
      const { base, of } = await team();
      const response = await owner.json("PATCH", `${base}/members/${of(member).id}`, {
        role: "owner",
      });
      expect(response.status).toBe(200);
      expect(memberSchema.parse(await response.json())).toMatchObject({
        userId: member.id,
        role: "owner",
      });
      expect((await member.json("PATCH", base, { name: "Now mine too" })).status).toBe(200);
    });

    it("lets an owner step down while another owner remains, never as the last one", async () => {
      const { base, of } = await team();
      const alone = await owner.json("PATCH", `${base}/members/${of(owner).id}`, {
        role: "member",
      });
      expect(alone.status).toBe(409);
      expect((await errorOf(alone)).code).toBe("LAST_OWNER");

      await owner.json("PATCH", `${base}/members/${of(member).id}`, { role: "owner" });
      const stepDown = await owner.json("PATCH", `${base}/members/${of(owner).id}`, {
        role: "member",
      });
      expect(stepDown.status).toBe(200);
      expect((await owner.json("PATCH", base, { name: "x" })).status).toBe(403);
    });

    it("does not let an owner demote another owner (409 CANNOT_REMOVE_OWNER)", async () => {
      const coOwner = await signUpAndSignIn(testApp, uniqueEmail("co-owner"));
      const { base, of } = await team([{ person: coOwner, role: "owner" }]);
      const response = await owner.json("PATCH", `${base}/members/${of(coOwner).id}`, {
        role: "member",
      });
      expect(response.status).toBe(409);
      expect((await errorOf(response)).code).toBe("CANNOT_REMOVE_OWNER");
      const members = memberListSchema.parse(await (await owner.request(`${base}/members`)).json());
      expect(members.find((m) => m.userId === coOwner.id)!.role).toBe("owner");
    });

    it("answers the same role with the member unchanged", async () => {
      const { base, of } = await team();
      const response = await owner.json("PATCH", `${base}/members/${of(member).id}`, {
        role: "member",
      });
      expect(response.status).toBe(200);
      expect(memberSchema.parse(await response.json())).toEqual(of(member));
    });

    it("lets only one of two owners step down when both try at once", async () => {
      const { ws, base, of } = await team();
      await owner.json("PATCH", `${base}/members/${of(member).id}`, { role: "owner" });
      const statuses = await Promise.all(
        [owner, member].map(
          async (p) =>
            (await p.json("PATCH", `${base}/members/${of(p).id}`, { role: "member" })).status,
        ),
      );
      expect(statuses.sort()).toEqual([200, 409]);
      const rows = await db()
        .select()
        .from(workspaceMembers)
        .where(inArray(workspaceMembers.workspaceId, [ws]));
      expect(rows.filter((m) => m.role === "owner")).toHaveLength(1);
    });

    it("refuses members (403), strangers (404) and bad roles (400)", async () => {
      const { base, of } = await team();
      const path = `${base}/members/${of(member).id}`;
      expect((await member.json("PATCH", path, { role: "owner" })).status).toBe(403);
      expect((await stranger.json("PATCH", path, { role: "owner" })).status).toBe(404);
      const bad = await owner.json("PATCH", path, { role: "admin" });
      expect(bad.status).toBe(400);
      expect((await errorOf(bad)).fields).toEqual({ role: expect.any(String) });
      const members = memberListSchema.parse(await (await owner.request(`${base}/members`)).json());
      expect(members.find((m) => m.userId === member.id)!.role).toBe("member");
    });
  });
});
