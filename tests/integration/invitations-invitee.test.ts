import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import {
  acceptInvitationResponseSchema,
  invitationListSchema,
  invitationRateLimits,
  receivedInvitationListSchema,
} from "../../src/contracts/workspaces.ts";
import { workspaceInvitations, workspaceMembers, workspaces } from "../../src/server/db/schema.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { mailsTo, setPlan, workspacesOf } from "../helpers/workspaces.ts";
import {
  testApp,
  owner,
  useInvitationsApp,
  db,
  errorOf,
  workspaceOf,
  invited,
  invitationToken,
  accept,
  snapshot,
} from "./invitations-support.ts";

// Invitations (API.md "invitations", spec §4 "Invitation", §5 "Invite" and "Accept invitation",
// §8's warning): what is stored (a hash, never the token), the e-mails as a real SMTP server
// receives them, plan limits, and every way of accepting that must be refused.
// This part: the invitee's side, and the rate limit with its real numbers.

describe(`invitations on ${testEngine()}`, () => {
  useInvitationsApp();

  describe("the invitee's side: pending invitations on the dashboard, accept or decline by id", () => {
    const mine = async (person: SignedInUser) => {
      const response = await person.request("/api/invitations");
      expect(response.status).toBe(200);
      return receivedInvitationListSchema.parse(await response.json());
    };
    const answer = (person: SignedInUser, id: string, action: "accept" | "decline") =>
      person.request(`/api/invitations/${id}/${action}`, { method: "POST" });

    it("lists them, accepts one (then a member) and declines another (gone, its link dead)", async () => {
      const family = await workspaceOf(owner, "Family");
      const friends = await workspaceOf(owner, "Friends");
      const invitee = await signUpAndSignIn(testApp, uniqueEmail("dash-invitee"));
      expect(await mine(invitee)).toEqual([]);
      const familyToken = await invitationToken(family, invitee.email);
      const friendsToken = await invitationToken(friends, invitee.email.toUpperCase());
      await invited(owner, family, { email: uniqueEmail("someone-else") });

      const listed = await mine(invitee);
      expect(listed.map((i) => [i.workspaceId, i.workspaceName, i.role, i.inviter])).toEqual([
        [family, "Family", "member", { name: "Amina Diallo", email: owner.email }],
        [friends, "Friends", "member", { name: "Amina Diallo", email: owner.email }],
      ]);
      expect(JSON.stringify(listed)).not.toContain(familyToken);
      expect((await workspacesOf(invitee)).map((w) => w.id)).not.toContain(family);

      const accepted = await answer(invitee, listed[0]!.id, "accept");
      expect(accepted.status).toBe(200);
      expect(acceptInvitationResponseSchema.parse(await accepted.json()).workspace).toMatchObject({
        id: family,
        name: "Family",
        role: "member",
      });
      expect((await workspacesOf(invitee)).map((w) => [w.id, w.role])).toContainEqual([
        family,
        "member",
      ]);
      // its link, opened afterwards: already a member (issue 11)
      const reopened = await accept(invitee, familyToken);
      expect(reopened.status).toBe(200);
      expect(acceptInvitationResponseSchema.parse(await reopened.json())).toMatchObject({
        alreadyMember: true,
        workspace: { id: family },
      });

      const declined = await answer(invitee, listed[1]!.id, "decline");
      expect(declined.status).toBe(204);
      expect(await mine(invitee)).toEqual([]);
      expect(
        invitationListSchema.parse(
          await (await owner.request(`/api/workspaces/${friends}/invitations`)).json(),
        ),
      ).toEqual([]);
      expect(
        await db().$count(workspaceInvitations, eq(workspaceInvitations.workspaceId, friends)),
      ).toBe(0);
      const late = await accept(invitee, friendsToken);
      expect(late.status).toBe(404);
      expect((await workspacesOf(invitee)).map((w) => w.id)).not.toContain(friends);
      // the owner may invite them again; nothing else is left of the declined one
      await invited(owner, friends, { email: invitee.email });
      expect((await mine(invitee)).map((i) => i.workspaceId)).toEqual([friends]);
    });

    it("answers anyone but the invitee exactly as an unknown id, and changes nothing", async () => {
      const ws = await workspaceOf(owner);
      const invitee = await signUpAndSignIn(testApp, uniqueEmail("only-me"));
      const member = await signUpAndSignIn(testApp, uniqueEmail("only-member"));
      await db()
        .insert(workspaceMembers)
        .values({ workspaceId: ws, userId: member.id, role: "member" });
      const stranger = await signUpAndSignIn(testApp, uniqueEmail("only-stranger"));
      await invited(owner, ws, { email: invitee.email });
      const [theirs] = await mine(invitee);
      expect(await mine(stranger)).toEqual([]);
      const before = await snapshot();
      const shapes = new Set<string>();
      for (const person of [owner, member, stranger]) {
        for (const action of ["accept", "decline"] as const) {
          for (const id of [theirs!.id, crypto.randomUUID(), "not-a-uuid"]) {
            const response = await answer(person, id, action);
            shapes.add(`${response.status} ${await response.text()}`);
          }
        }
      }
      expect([...shapes]).toEqual([
        '404 {"error":{"code":"INVITATION_NOT_FOUND","message":"Invalid or expired invitation"}}',
      ]);
      expect(await snapshot()).toEqual(before);
      expect((await mine(invitee)).map((i) => i.id)).toEqual([theirs!.id]);
    });

    it("past its expiry: not listed, accept by id marks it expired (410), decline still removes it", async () => {
      const ws = await workspaceOf(owner);
      const other = await workspaceOf(owner);
      const invitee = await signUpAndSignIn(testApp, uniqueEmail("late-invitee"));
      await invited(owner, ws, { email: invitee.email });
      await invited(owner, other, { email: invitee.email });
      const [first, second] = await mine(invitee);
      testApp.setNow(new Date(Date.parse(first!.expiresAt) + 1000));
      try {
        expect(await mine(invitee)).toEqual([]);
        const late = await answer(invitee, first!.id, "accept");
        expect(late.status).toBe(410);
        expect((await errorOf(late)).code).toBe("INVITATION_EXPIRED");
        const declined = await answer(invitee, second!.id, "decline");
        expect(declined.status).toBe(204);
      } finally {
        testApp.setNow(null);
      }
      const rows = await db()
        .select({ ws: workspaceInvitations.workspaceId, status: workspaceInvitations.status })
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.email, invitee.email));
      expect(rows).toEqual([{ ws: first!.workspaceId, status: "expired" }]);
      expect((await workspacesOf(invitee)).map((w) => w.id)).not.toContain(ws);
    });

    it("accepts once when the dashboard and the link race", async () => {
      const ws = await workspaceOf(owner);
      const invitee = await signUpAndSignIn(testApp, uniqueEmail("dash-racer"));
      const token = await invitationToken(ws, invitee.email);
      const [theirs] = await mine(invitee);
      const [byId, byLink] = await Promise.all([
        answer(invitee, theirs!.id, "accept"),
        accept(invitee, token),
      ]);
      // the id's accept second finds no pending invitation (404); the link's second finds the
      // used link of a member (200, alreadyMember): either way one membership
      const joinedBy = [byId, byLink].filter((r) => r.status === 200);
      expect(joinedBy.length).toBeGreaterThanOrEqual(1);
      if (byId.status !== 200) expect(byId.status).toBe(404);
      if (byLink.status === 200 && byId.status === 200) {
        expect(acceptInvitationResponseSchema.parse(await byLink.json()).alreadyMember).toBe(true);
      }
      expect(await db().$count(workspaceMembers, eq(workspaceMembers.workspaceId, ws))).toBe(2);
    });
  });
});

// The rate limit with its real numbers (10 an hour per workspace, 20 per owner), on a clock
// the test moves; counted in the database, so no server instance or cancel resets it.
describe(`invitation rate limit on ${testEngine()}`, () => {
  let testApp: TestApp;
  const { perWorkspace, perOwner, windowSeconds } = invitationRateLimits;
  const start = new Date("2026-05-01T10:00:00.000Z");

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);

  async function proOwner(prefix: string) {
    const person = await signUpAndSignIn(testApp, uniqueEmail(prefix));
    await setPlan(testApp, person.id, "pro");
    return person;
  }
  async function newWorkspace(person: SignedInUser): Promise<string> {
    const [row] = await db()
      .insert(workspaces)
      .values({ name: "Rate", createdBy: person.id })
      .returning();
    await db()
      .insert(workspaceMembers)
      .values({ workspaceId: row!.id, userId: person.id, role: "owner" });
    return row!.id;
  }
  const invite = (person: SignedInUser, ws: string, email = uniqueEmail("rate")) =>
    person.json("POST", `/api/workspaces/${ws}/invitations`, { email });
  const count = (ws: string) =>
    db().$count(workspaceInvitations, eq(workspaceInvitations.workspaceId, ws));

  it("lets exactly 10 an hour through per workspace; cancelling gives none back; the hour's end does", async () => {
    const person = await proOwner("rate-ws");
    const ws = await newWorkspace(person);
    testApp.setNow(start);
    try {
      for (let i = 0; i < perWorkspace; i++) expect((await invite(person, ws)).status).toBe(201);
      const email = uniqueEmail("rate-eleventh");
      const refused = await invite(person, ws, email);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe(String(windowSeconds));
      expect(errorBodySchema.parse(await refused.json()).error.code).toBe("RATE_LIMITED");
      expect(await count(ws)).toBe(perWorkspace);
      await testApp.mailSettled();
      expect(mailsTo(testApp, email)).toEqual([]);

      // cancel them all: the hour's count stays
      const list = invitationListSchema.parse(
        await (await person.request(`/api/workspaces/${ws}/invitations`)).json(),
      );
      for (const invitation of list) {
        const cancelled = await person.request(
          `/api/workspaces/${ws}/invitations/${invitation.id}`,
          { method: "DELETE" },
        );
        expect(cancelled.status).toBe(204);
      }
      expect(await count(ws)).toBe(0);
      expect((await invite(person, ws, email)).status).toBe(429);

      testApp.setNow(at(windowSeconds - 1));
      const almost = await invite(person, ws, email);
      expect(almost.status).toBe(429);
      expect(almost.headers.get("retry-after")).toBe("1");
      testApp.setNow(at(windowSeconds));
      expect((await invite(person, ws, email)).status).toBe(201);
      expect((await invite(person, ws)).status).toBe(201); // all ten left the window together
    } finally {
      testApp.setNow(null);
    }
  });

  it("counts an owner's invitations over all their workspaces (20 an hour), deleted ones included", async () => {
    const person = await proOwner("rate-owner");
    const [a, b, c] = [
      await newWorkspace(person),
      await newWorkspace(person),
      await newWorkspace(person),
    ];
    testApp.setNow(start);
    try {
      for (let i = 0; i < perOwner; i++) {
        testApp.setNow(at(i));
        expect((await invite(person, i < perWorkspace ? a : b)).status).toBe(201);
      }
      const refused = await invite(person, c);
      expect(refused.status).toBe(429);
      // the oldest of the twenty leaves the window first
      expect(refused.headers.get("retry-after")).toBe(String(windowSeconds - (perOwner - 1)));
      expect(await count(c)).toBe(0);
      // deleting a workspace gives nothing back either
      expect((await person.request(`/api/workspaces/${a}`, { method: "DELETE" })).status).toBe(204);
      expect((await invite(person, c)).status).toBe(429);
      // another owner is not held
      const other = await proOwner("rate-other");
      expect((await invite(other, await newWorkspace(other))).status).toBe(201);
    } finally {
      testApp.setNow(null);
    }
  });

  it("holds under concurrency: of 15 at once, exactly 10 pass", async () => {
    const person = await proOwner("rate-race");
    const ws = await newWorkspace(person);
    const statuses = await Promise.all(
      Array.from({ length: 15 }, async () => (await invite(person, ws)).status),
    );
    expect(statuses.sort()).toEqual([...Array(10).fill(201), ...Array(5).fill(429)]);
    expect(await count(ws)).toBe(perWorkspace);
  });
});
