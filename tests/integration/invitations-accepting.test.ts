import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  acceptInvitationResponseSchema,
  invitationPreviewSchema,
  memberListSchema,
} from "../../src/contracts/workspaces.ts";
import { workspaceInvitations, workspaceMembers } from "../../src/server/db/schema.ts";
import { hashInvitationToken } from "../../src/server/services/membership-records.ts";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  invitationTokenIn,
  mailsTo,
  setPlan,
  unverify,
  waitForMailNumber,
  workspacesOf,
} from "../helpers/workspaces.ts";
import {
  testApp,
  owner,
  useInvitationsApp,
  dayMs,
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
// This part: the signed-out preview, accepting, and every wrong way of accepting.

describe(`invitations on ${testEngine()}`, () => {
  useInvitationsApp();

  describe("the signed-out invitee's preview (issue 11)", () => {
    const preview = (token: string) =>
      testApp.request(`/api/invitations/preview?token=${encodeURIComponent(token)}`);

    it("tells the link's holder the workspace, the role and who invited, and nothing else", async () => {
      const ws = await workspaceOf(owner, "Diallo family");
      const email = uniqueEmail("preview");
      const token = await invitationToken(ws, email);
      const response = await preview(token);
      expect(response.status).toBe(200);
      const body = invitationPreviewSchema.parse(await response.json());
      expect(body).toEqual({
        workspaceName: "Diallo family",
        role: "member",
        inviterName: "Amina Diallo",
        expiresAt: expect.any(String),
      });
      expect(JSON.stringify(body)).not.toContain(email);
    });

    it("answers the same 404 for an unknown, malformed, used or cancelled token", async () => {
      const ws = await workspaceOf(owner);
      const invitee = await signUpAndSignIn(testApp, uniqueEmail("preview-used"));
      const used = await invitationToken(ws, invitee.email);
      expect((await accept(invitee, used)).status).toBe(200);
      const cancelledEmail = uniqueEmail("preview-cancelled");
      const cancelled = await invitationToken(ws, cancelledEmail);
      const [row] = await db()
        .select()
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.tokenHash, hashInvitationToken(cancelled)));
      expect(
        (await owner.request(`/api/workspaces/${ws}/invitations/${row!.id}`, { method: "DELETE" }))
          .status,
      ).toBe(204);

      const answers = [];
      for (const token of [used, cancelled, "x".repeat(43), "short"]) {
        const response = await preview(token);
        answers.push({ status: response.status, body: await response.json() });
      }
      for (const answer of answers) expect(answer).toEqual(answers[0]);
      expect(answers[0]!.status).toBe(404);
      expect(answers[0]!.body.error.code).toBe("INVITATION_NOT_FOUND");
    });

    it("no longer shows an invitation past its 7 days", async () => {
      const ws = await workspaceOf(owner);
      const token = await invitationToken(ws, uniqueEmail("preview-expired"));
      testApp.setNow(new Date(Date.now() + 8 * dayMs));
      try {
        expect((await preview(token)).status).toBe(404);
      } finally {
        testApp.setNow(null);
      }
    });
  });

  describe("accepting", () => {
    it("joins with the invited role, removes every invitation of that e-mail, and shares the workspace's data", async () => {
      const ws = await workspaceOf(owner, "Shared");
      const saved = await owner.json("POST", `/api/workspaces/${ws}/calculations`, {
        ...calculateRequestExample,
        name: "Ramadan",
        isCompleted: true,
      });
      expect(saved.status).toBe(201);
      const email = uniqueEmail("joiner");
      // an old expired invitation of the same e-mail goes too
      await db()
        .insert(workspaceInvitations)
        .values({
          workspaceId: ws,
          email,
          role: "member",
          status: "expired",
          tokenHash: hashInvitationToken("old".padEnd(43, "x")),
          expiresAt: new Date(Date.now() - dayMs),
        });
      const mailsBefore = mailsTo(testApp, email).length;
      await invited(owner, ws, { email: email.replace(/^j/, "J"), role: "owner" });
      const { token } = invitationTokenIn(await waitForMailNumber(testApp, email, mailsBefore + 1));

      // the invitee creates an account from the link, with the address in another case
      const joiner = await signUpAndSignIn(testApp, email.toUpperCase());
      const response = await accept(joiner, token);
      expect(response.status).toBe(200);
      const { workspace } = acceptInvitationResponseSchema.parse(await response.json());
      expect(workspace).toMatchObject({ id: ws, name: "Shared", role: "owner" });

      // only the used one is left, marked accepted (its link then says "already a member")
      expect(
        await db()
          .select({ status: workspaceInvitations.status })
          .from(workspaceInvitations)
          .where(eq(workspaceInvitations.email, email)),
      ).toEqual([{ status: "accepted" }]);
      const members = memberListSchema.parse(
        await (await joiner.request(`/api/workspaces/${ws}/members`)).json(),
      );
      expect(members.map((m) => [m.userId, m.role, m.invitedBy])).toEqual([
        [owner.id, "owner", null],
        [joiner.id, "owner", owner.id],
      ]);
      const calculations = (await (
        await joiner.request(`/api/workspaces/${ws}/calculations`)
      ).json()) as { calculations: { name: string }[] };
      expect(calculations.calculations.map((c) => c.name)).toEqual(["Ramadan"]);
    });

    it("accepts once when two requests race with the same token", async () => {
      const ws = await workspaceOf(owner);
      const email = uniqueEmail("racer");
      const token = await invitationToken(ws, email);
      const racer = await signUpAndSignIn(testApp, email);
      const answers = await Promise.all([accept(racer, token), accept(racer, token)]);
      const bodies = await Promise.all(
        answers.map(async (r) => acceptInvitationResponseSchema.parse(await r.json())),
      );
      // one joins; the other finds the used link of a member (issue 11)
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect(bodies.map((b) => b.alreadyMember ?? false).sort()).toEqual([false, true]);
      expect(await db().$count(workspaceMembers, eq(workspaceMembers.workspaceId, ws))).toBe(2);
    });

    it("accepts one second before the expiry", async () => {
      const ws = await workspaceOf(owner);
      const email = uniqueEmail("just-in-time");
      const token = await invitationToken(ws, email);
      const [row] = await db()
        .select()
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.email, email));
      const person = await signUpAndSignIn(testApp, email);
      testApp.setNow(new Date(row!.expiresAt.getTime() - 1000));
      try {
        expect((await accept(person, token)).status).toBe(200);
      } finally {
        testApp.setNow(null);
      }
    });
  });

  describe("abuse: every wrong way of accepting is refused and stores nothing", () => {
    let ws: string;
    let otherWs: string;
    let aliceEmail: string;
    let token: string;
    let alice: SignedInUser;
    let mallory: SignedInUser;
    let otherOwner: SignedInUser;
    const people: Record<string, SignedInUser> = {};
    const tokens: Record<string, string> = {};

    beforeAll(async () => {
      ws = await workspaceOf(owner, "Target");
      const tag = Math.random().toString(36).slice(2, 8);
      aliceEmail = `alice${tag}@example.test`;
      token = await invitationToken(ws, aliceEmail);
      alice = await signUpAndSignIn(testApp, aliceEmail);
      mallory = await signUpAndSignIn(testApp, uniqueEmail("mallory"));
      people.tagged = await signUpAndSignIn(testApp, `alice${tag}+zakat@example.test`);
      people.dotted = await signUpAndSignIn(testApp, `a.lice${tag}@example.test`);
      // the same local part on a subdomain
      people.lookalike = await signUpAndSignIn(testApp, `alice${tag}@mail.example.test`);

      // an invitation to a +tag address, and its plain-address neighbour
      tokens.bobTagged = await invitationToken(ws, `bob${tag}+family@example.test`);
      people.bob = await signUpAndSignIn(testApp, `bob${tag}@example.test`);

      // another workspace's invitation, to someone else
      otherOwner = await signUpAndSignIn(testApp, uniqueEmail("other-owner"));
      await setPlan(testApp, otherOwner.id, "pro");
      otherWs = await workspaceOf(otherOwner, "Elsewhere");
      tokens.otherWorkspace = await invitationToken(otherWs, uniqueEmail("dave"), otherOwner);

      // cancelled; of a deleted workspace; to an account made unverified
      const erinEmail = uniqueEmail("erin");
      tokens.cancelled = await invitationToken(ws, erinEmail);
      people.erin = await signUpAndSignIn(testApp, erinEmail);
      const [erinInvitation] = await db()
        .select()
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.email, erinEmail));
      expect(
        (
          await owner.request(`/api/workspaces/${ws}/invitations/${erinInvitation!.id}`, {
            method: "DELETE",
          })
        ).status,
      ).toBe(204);

      const doomed = await workspaceOf(owner, "Doomed");
      const frankEmail = uniqueEmail("frank");
      tokens.deletedWorkspace = await invitationToken(doomed, frankEmail);
      people.frank = await signUpAndSignIn(testApp, frankEmail);
      expect((await owner.request(`/api/workspaces/${doomed}`, { method: "DELETE" })).status).toBe(
        204,
      );

      const ginaEmail = uniqueEmail("gina");
      tokens.unverified = await invitationToken(ws, ginaEmail);
      people.gina = await signUpAndSignIn(testApp, ginaEmail);
      await unverify(testApp, people.gina.id);

      // expiring ones
      for (const name of ["expiredBySecond", "expiredExactly"]) {
        const email = uniqueEmail(name.toLowerCase());
        tokens[name] = await invitationToken(ws, email);
        people[name] = await signUpAndSignIn(testApp, email);
      }
    });

    const expiryOf = async (t: string) => {
      const [row] = await db()
        .select()
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.tokenHash, hashInvitationToken(t)));
      return row!.expiresAt.getTime();
    };
    const atTime = async <T>(time: number, run: () => Promise<T>): Promise<T> => {
      testApp.setNow(new Date(time));
      try {
        return await run();
      } finally {
        testApp.setNow(null);
      }
    };

    type AbuseCase = [
      name: string,
      run: () => Promise<Response>,
      status: number,
      code: string,
      /** the one change allowed: the invitation marked expired (spec §4) */
      marksExpired?: boolean,
    ];
    const cases: AbuseCase[] = [
      [
        "signed out",
        () =>
          testApp.request("/api/invitations/accept", {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ token }),
          }),
        401,
        "UNAUTHENTICATED",
      ],
      [
        "the invited person's session from another site (Origin)",
        () =>
          alice.request("/api/invitations/accept", {
            method: "POST",
            headers: { "content-type": "application/json", origin: "https://evil.example" },
            body: JSON.stringify({ token }),
          }),
        403,
        "CROSS_SITE_REQUEST",
      ],
      ["another account", () => accept(mallory, token), 403, "INVITATION_EMAIL_MISMATCH"],
      ["the inviting owner", () => accept(owner, token), 403, "INVITATION_EMAIL_MISMATCH"],
      [
        "a +tag variant of the invited address",
        () => accept(people.tagged!, token),
        403,
        "INVITATION_EMAIL_MISMATCH",
      ],
      [
        "the plain address of a +tag invitation",
        () => accept(people.bob!, tokens.bobTagged),
        403,
        "INVITATION_EMAIL_MISMATCH",
      ],
      [
        "a dotted variant of the invited address",
        () => accept(people.dotted!, token),
        403,
        "INVITATION_EMAIL_MISMATCH",
      ],
      [
        "the same name at a subdomain",
        () => accept(people.lookalike!, token),
        403,
        "INVITATION_EMAIL_MISMATCH",
      ],
      ["a truncated token", () => accept(alice, token.slice(0, -1)), 404, "INVITATION_NOT_FOUND"],
      [
        "a token with one more character",
        () => accept(alice, `${token}A`),
        404,
        "INVITATION_NOT_FOUND",
      ],
      [
        "the token in another case",
        () =>
          accept(alice, token === token.toUpperCase() ? token.toLowerCase() : token.toUpperCase()),
        404,
        "INVITATION_NOT_FOUND",
      ],
      [
        "the stored hash instead of the token",
        () => accept(alice, hashInvitationToken(token)),
        404,
        "INVITATION_NOT_FOUND",
      ],
      ["an empty token", () => accept(alice, ""), 400, "VALIDATION_FAILED"],
      ["a token that is not a string", () => accept(alice, 12345), 400, "VALIDATION_FAILED"],
      [
        "the token with a workspace of the caller's choosing",
        () => alice.json("POST", "/api/invitations/accept", { token, workspaceId: otherWs }),
        400,
        "VALIDATION_FAILED",
      ],
      [
        "the token in the query string",
        () => alice.json("POST", `/api/invitations/accept?token=${encodeURIComponent(token)}`, {}),
        400,
        "VALIDATION_FAILED",
      ],
      [
        "GET with the token",
        () => alice.request(`/api/invitations/accept?token=${encodeURIComponent(token)}`),
        404,
        "NOT_FOUND",
      ],
      [
        "another workspace's token (sent to someone else)",
        () => accept(alice, tokens.otherWorkspace),
        403,
        "INVITATION_EMAIL_MISMATCH",
      ],
      [
        "a cancelled invitation",
        () => accept(people.erin!, tokens.cancelled),
        404,
        "INVITATION_NOT_FOUND",
      ],
      [
        "an invitation of a deleted workspace",
        () => accept(people.frank!, tokens.deletedWorkspace),
        404,
        "INVITATION_NOT_FOUND",
      ],
      [
        "the invited address, e-mail no longer verified",
        () => accept(people.gina!, tokens.unverified),
        401,
        "UNAUTHENTICATED",
      ],
      [
        "one second after the expiry",
        async () =>
          atTime((await expiryOf(tokens.expiredBySecond!)) + 1000, () =>
            accept(people.expiredBySecond!, tokens.expiredBySecond),
          ),
        410,
        "INVITATION_EXPIRED",
        true,
      ],
      [
        "the same expired invitation again, even with the clock back",
        () => accept(people.expiredBySecond!, tokens.expiredBySecond),
        410,
        "INVITATION_EXPIRED",
      ],
      [
        "at the very expiry instant",
        async () =>
          atTime(await expiryOf(tokens.expiredExactly!), () =>
            accept(people.expiredExactly!, tokens.expiredExactly),
          ),
        410,
        "INVITATION_EXPIRED",
        true,
      ],
    ];

    it.each(cases)("%s", async (_name, run, status, code, marksExpired) => {
      const before = await snapshot();
      const response = await run();
      expect(response.status).toBe(status);
      expect((await errorOf(response)).code).toBe(code);
      const after = await snapshot();
      if (marksExpired) {
        const changed = after.invitations.filter(
          (row, i) => JSON.stringify(row) !== JSON.stringify(before.invitations[i]),
        );
        expect(changed.map((r) => r.status)).toEqual(["expired"]);
        expect({ ...after, invitations: [] }).toEqual({ ...before, invitations: [] });
      } else {
        expect(after).toEqual(before);
      }
    });

    it("counts at least 15 refused ways", () => {
      expect(cases.length).toBeGreaterThanOrEqual(15);
    });

    it("then the invited person accepts; the used token says 'already a member' to members only, and is refused after removal", async () => {
      const response = await accept(alice, token);
      expect(response.status).toBe(200);
      // issue 11: the link opened again by the member says so, and changes nothing
      const beforeAgain = await snapshot();
      const again = await accept(alice, token);
      expect(again.status).toBe(200);
      const repeated = acceptInvitationResponseSchema.parse(await again.json());
      expect(repeated.alreadyMember).toBe(true);
      expect(repeated.workspace).toMatchObject({ id: ws, role: "member" });
      expect(await snapshot()).toEqual(beforeAgain);
      // anyone else who holds it learns nothing: unknown
      const stranger = await accept(otherOwner, token);
      expect(stranger.status).toBe(404);
      expect((await errorOf(stranger)).code).toBe("INVITATION_NOT_FOUND");

      const [membership] = memberListSchema
        .parse(await (await owner.request(`/api/workspaces/${ws}/members`)).json())
        .filter((m) => m.userId === alice.id);
      const removed = await owner.request(`/api/workspaces/${ws}/members/${membership!.id}`, {
        method: "DELETE",
      });
      expect(removed.status).toBe(204);
      const before = await snapshot();
      const reuse = await accept(alice, token);
      expect(reuse.status).toBe(404);
      expect(await snapshot()).toEqual(before);
      expect((await workspacesOf(alice)).map((w) => w.id)).not.toContain(ws);
      // and no abuse above let anyone else in
      const members = memberListSchema.parse(
        await (await owner.request(`/api/workspaces/${ws}/members`)).json(),
      );
      expect(members.map((m) => m.userId)).toEqual([owner.id]);
      const otherMembers = memberListSchema.parse(
        await (await otherOwner.request(`/api/workspaces/${otherWs}/members`)).json(),
      );
      expect(otherMembers.map((m) => m.userId)).toEqual([otherOwner.id]);
    });
  });
});
