import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import {
  acceptInvitationResponseSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationRateLimits,
  receivedInvitationListSchema,
  inviteResponseSchema,
  memberListSchema,
} from "../../src/contracts/workspaces.ts";
import { workspaceInvitations, workspaceMembers, workspaces } from "../../src/server/db/schema.ts";
import { escapeHtml } from "../../src/server/mail/templates/render.ts";
import { hashInvitationToken } from "../../src/server/services/membership-records.ts";
import { calculateRequestExample } from "../../src/contracts/calculate.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createSiblingApp,
  createTestApp,
  relaxedAuthLimits,
  testBaseUrl,
  type TestApp,
} from "../helpers/test-app.ts";
import {
  invitationTokenIn,
  mailsTo,
  setPlan,
  unverify,
  waitForMailNumber,
  workspacesOf,
} from "../helpers/workspaces.ts";

// Invitations (API.md "invitations", spec §4 "Invitation", §5 "Invite" and "Accept invitation",
// §8's warning): what is stored (a hash, never the token), the e-mails as a real SMTP server
// receives them, plan limits, and every way of accepting that must be refused.

const dayMs = 24 * 60 * 60 * 1000;
const unlimited = { windowSeconds: 3600, perWorkspace: 100_000, perOwner: 100_000 };

describe(`invitations on ${testEngine()}`, () => {
  let testApp: TestApp;
  let owner: SignedInUser;

  beforeAll(async () => {
    // this file sends far more invitations than an hour allows: the limit has its own tests
    testApp = await createTestApp({}, { ...relaxedAuthLimits, invitationLimits: unlimited });
    owner = await signUpAndSignIn(testApp, uniqueEmail("inv-owner"), { name: "Amina Diallo" });
    await setPlan(testApp, owner.id, "pro");
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;
  const errorOf = async (response: Response) => errorBodySchema.parse(await response.json()).error;

  /** a new workspace of `person` (inserted directly: the plan's workspace count is not tested here) */
  async function workspaceOf(person: SignedInUser, name = "Family Zakat"): Promise<string> {
    const [row] = await db().insert(workspaces).values({ name, createdBy: person.id }).returning();
    await db()
      .insert(workspaceMembers)
      .values({ workspaceId: row!.id, userId: person.id, role: "owner" });
    return row!.id;
  }

  const invite = (
    person: SignedInUser,
    ws: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ) =>
    person.request(`/api/workspaces/${ws}/invitations`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  async function invited(person: SignedInUser, ws: string, body: Record<string, unknown>) {
    const response = await invite(person, ws, body);
    expect(response.status, await response.clone().text()).toBe(201);
    return inviteResponseSchema.parse(await response.json());
  }

  /** invites `email` and returns the token from the e-mail that arrived */
  async function invitationToken(ws: string, email: string, by = owner): Promise<string> {
    const before = mailsTo(testApp, email).length;
    const result = await invited(by, ws, { email });
    expect(result).toMatchObject({ emailSent: true });
    return invitationTokenIn(await waitForMailNumber(testApp, email, before + 1)).token;
  }

  const accept = (person: SignedInUser, token: unknown) =>
    person.json("POST", "/api/invitations/accept", { token });

  /** every membership and invitation row: what "nothing stored" compares */
  async function snapshot() {
    const members = await db()
      .select({
        id: workspaceMembers.id,
        ws: workspaceMembers.workspaceId,
        user: workspaceMembers.userId,
        role: workspaceMembers.role,
      })
      .from(workspaceMembers)
      .orderBy(asc(workspaceMembers.id));
    const invitations = await db()
      .select({ id: workspaceInvitations.id, status: workspaceInvitations.status })
      .from(workspaceInvitations)
      .orderBy(asc(workspaceInvitations.id));
    return { members, invitations };
  }

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

  describe("inviting", () => {
    it("stores a pending invitation for 7 days with the hash of a 32-byte token, never the token", async () => {
      const ws = await workspaceOf(owner);
      const email = uniqueEmail("newcomer");
      const response = await invite(owner, ws, { email: `  ${email.toUpperCase()} ` });
      expect(response.status).toBe(201);
      const result = inviteResponseSchema.parse(await response.json());
      expect(Object.keys(result).sort()).toEqual(["emailSent", "invitation"]);
      expect(result.emailSent).toBe(true);
      expect(result.invitation).toMatchObject({
        workspaceId: ws,
        email,
        role: "member",
        status: "pending",
        invitedBy: owner.id,
      });
      const created = Date.parse(result.invitation.createdAt);
      expect(Date.parse(result.invitation.expiresAt) - created).toBe(7 * dayMs);
      expect(JSON.stringify(result)).not.toMatch(/token/i);

      const { token } = invitationTokenIn(await waitForMailNumber(testApp, email));
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
      const [row] = await db()
        .select()
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.id, result.invitation.id));
      expect(row!.tokenHash).toBe(hashInvitationToken(token));
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(row)).not.toContain(token);

      const list = invitationListSchema.parse(
        await (await owner.request(`/api/workspaces/${ws}/invitations`)).json(),
      );
      expect(list).toEqual([result.invitation]);
    });

    it("sends the invitation e-mail: the inviter, the workspace, the role, the link, the validity", async () => {
      const ws = await workspaceOf(owner, "Diallo family");
      const email = uniqueEmail("mail-en");
      await invited(owner, ws, { email, role: "owner" });
      const mail = await waitForMailNumber(testApp, email);
      expect(mail.subject).toBe(
        `Amina Diallo (${owner.email}) invited you to “Diallo family” on Hawl`,
      );
      expect(mail.text).toContain(
        `Amina Diallo (${owner.email}) invited you to join the workspace “Diallo family” on Hawl as owner.`,
      );
      expect(mail.text).toContain("valid for 7 days");
      expect(mail.text).toContain(`(${email})`);
      const { path, token } = invitationTokenIn(mail);
      expect(path).toBe("/accept-invitation");
      const link = `${testBaseUrl}/accept-invitation?token=${token}`;
      expect(mail.links).toContain(link);
      expect(mail.html).toContain(`href="${escapeHtml(link)}"`);
      expect(mail.html).toContain('<html lang="en">');
    });

    it.each([
      ["the language field", { language: "fr" }, {}, "fr"],
      ["x-hawl-language", {}, { "x-hawl-language": "nl" }, "nl"],
      ["Accept-Language", {}, { "accept-language": "nl-BE,nl;q=0.9,en;q=0.5" }, "nl"],
      [
        "the language field over the headers",
        { language: "en" },
        { "x-hawl-language": "fr" },
        "en",
      ],
    ])("writes the e-mail and the link in the language of %s", async (_n, extra, headers, lang) => {
      const ws = await workspaceOf(owner, "Maison");
      const email = uniqueEmail(`mail-${lang}`);
      expect((await invite(owner, ws, { email, ...extra }, headers)).status).toBe(201);
      const mail = await waitForMailNumber(testApp, email);
      const subjects = {
        en: "invited you to “Maison” on Hawl",
        fr: "vous invite dans « Maison » sur Hawl",
        nl: "nodigt je uit voor ‘Maison’ op Hawl",
      };
      expect(mail.subject).toContain(subjects[lang as keyof typeof subjects]);
      expect(mail.html).toContain(`<html lang="${lang}">`);
      expect(invitationTokenIn(mail).path).toBe(
        lang === "en" ? "/accept-invitation" : `/${lang}/accept-invitation`,
      );
    });

    it("writes to an account in its own language, whatever the inviter's, with the link's page in it (issue 30)", async () => {
      const ws = await workspaceOf(owner, "Maison");
      const cases = [
        ["nl", "en", "nodigt je uit voor ‘Maison’ op Hawl", "/nl/accept-invitation"],
        ["fr", "nl", "vous invite dans « Maison » sur Hawl", "/fr/accept-invitation"],
        ["en", "fr", "invited you to “Maison” on Hawl", "/accept-invitation"],
      ] as const;
      for (const [own, inviters, subject, path] of cases) {
        const invitee = await signUpAndSignIn(testApp, uniqueEmail(`own-${own}`));
        const saved = await invitee.json("PATCH", "/api/me/notification-settings", {
          language: own,
        });
        expect(saved.status).toBe(200);
        const before = mailsTo(testApp, invitee.email).length;
        expect((await invite(owner, ws, { email: invitee.email, language: inviters })).status).toBe(
          201,
        );
        const mail = await waitForMailNumber(testApp, invitee.email, before + 1);
        expect(mail.subject).toContain(subject);
        expect(mail.html).toContain(`<html lang="${own}">`);
        expect(invitationTokenIn(mail).path).toBe(path);
      }
      // an account that never said its language gets the inviter's, as a new address does
      const silent = await signUpAndSignIn(testApp, uniqueEmail("own-none"));
      const before = mailsTo(testApp, silent.email).length;
      expect((await invite(owner, ws, { email: silent.email, language: "nl" })).status).toBe(201);
      const mail = await waitForMailNumber(testApp, silent.email, before + 1);
      expect(invitationTokenIn(mail).path).toBe("/nl/accept-invitation");
    });

    it("escapes the inviter's and the workspace's names in the HTML, and keeps headers on one line", async () => {
      const hostileName = `<img src=x onerror=alert(1)> "Evil" & Co`;
      const hostileWorkspace = `<script>alert("ws")</script>\r\nBcc: victim@example.test`;
      const evil = await signUpAndSignIn(testApp, uniqueEmail("evil"), { name: hostileName });
      await setPlan(testApp, evil.id, "pro");
      const ws = await workspaceOf(evil, hostileWorkspace);
      const email = uniqueEmail("target");
      await invited(evil, ws, { email });
      const mail = await waitForMailNumber(testApp, email);
      expect(mail.html).not.toContain("<script");
      expect(mail.html).not.toContain("<img");
      expect(mail.html).toContain(escapeHtml(hostileName));
      expect(mail.html).toContain(
        escapeHtml(`<script>alert("ws")</script> Bcc: victim@example.test`),
      );
      expect(mail.text).toContain(hostileName);
      // the workspace name cannot add a header: the subject is one line and nobody else got it
      expect(mail.subject).toContain(`<script>alert("ws")</script> Bcc: victim@example.test`);
      await testApp.mailSettled();
      expect(mailsTo(testApp, "victim@example.test")).toEqual([]);
      const headers = mail.raw.split(/\r?\n\r?\n/, 1)[0]!;
      expect(headers).toMatch(/^Subject:/im);
      expect(headers).not.toMatch(/^Bcc:/im);
    });

    it("invites an existing account exactly as a new address: same answer, same e-mail, no member before accepting", async () => {
      const ws = await workspaceOf(owner, "Shared books");
      const friend = await signUpAndSignIn(testApp, uniqueEmail("friend"), { name: "Yusuf" });
      const stranger = uniqueEmail("friend"); // no account
      const before = await snapshot();
      const answers = [];
      for (const email of [friend.email.toUpperCase(), stranger]) {
        const mailsBefore = mailsTo(testApp, email).length;
        const response = await invite(owner, ws, { email, language: "fr" });
        const text = await response.text();
        const mail = await waitForMailNumber(testApp, email, mailsBefore + 1);
        answers.push({
          status: response.status,
          headers: [...response.headers.keys()].sort(),
          // the same JSON shape: ids, instants and the address aside, byte for byte
          body: text
            .replaceAll(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
            .replaceAll(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<instant>")
            .replace(email.toLowerCase(), "<email>"),
          subject: mail.subject,
          text: mail.text.replaceAll(email.toLowerCase(), "<email>").replace(/token=\S+/, ""),
          path: invitationTokenIn(mail).path,
        });
      }
      expect(answers[0]).toEqual(answers[1]);
      expect(answers[0]!.status).toBe(201);
      expect(answers[0]!.path).toBe("/fr/accept-invitation");
      expect(answers[0]!.subject).toContain("vous invite dans « Shared books » sur Hawl");
      // nobody joined: the friend is not a member until they accept
      const after = await snapshot();
      expect(after.members).toEqual(before.members);
      expect(after.invitations).toHaveLength(before.invitations.length + 2);
      expect((await workspacesOf(friend)).map((w) => w.id)).not.toContain(ws);
      expect((await friend.request(`/api/workspaces/${ws}/members`)).status).toBe(404);
    });

    it("invites (does not add) an account whose e-mail is not verified: only a verified sign-in proves the mailbox", async () => {
      const ws = await workspaceOf(owner);
      const squatter = await signUpAndSignIn(testApp, uniqueEmail("squat"));
      await unverify(testApp, squatter.id);
      const result = await invited(owner, ws, { email: squatter.email });
      expect(result.invitation.status).toBe("pending");
      expect(await db().$count(workspaceMembers, eq(workspaceMembers.userId, squatter.id))).toBe(1); // only their personal workspace
    });

    it("refuses a member's e-mail (ALREADY_MEMBER) and a second invitation (INVITATION_PENDING), in any case", async () => {
      const ws = await workspaceOf(owner);
      const before = await snapshot();
      const self = await invite(owner, ws, { email: owner.email.toUpperCase() });
      expect(self.status).toBe(409);
      expect(await errorOf(self)).toEqual({
        code: "ALREADY_MEMBER",
        message: "User is already a member of this workspace",
      });
      expect(await snapshot()).toEqual(before);

      const email = uniqueEmail("twice");
      await invited(owner, ws, { email });
      const mid = await snapshot();
      const again = await invite(owner, ws, { email: email.toUpperCase(), role: "owner" });
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toEqual({
        code: "INVITATION_PENDING",
        message: "An invitation has already been sent to this email",
      });
      expect(await snapshot()).toEqual(mid);
      await testApp.mailSettled();
      expect(mailsTo(testApp, email)).toHaveLength(1);
    });

    it("lets an owner invite again once the previous invitation has expired", async () => {
      const ws = await workspaceOf(owner);
      const email = uniqueEmail("again");
      const first = await invited(owner, ws, { email });
      testApp.setNow(new Date(Date.parse(first.invitation.expiresAt) + 1000));
      try {
        expect(
          invitationListSchema.parse(
            await (await owner.request(`/api/workspaces/${ws}/invitations`)).json(),
          ),
        ).toEqual([]);
        const second = await invited(owner, ws, { email });
        expect(second.invitation.status).toBe("pending");
      } finally {
        testApp.setNow(null);
      }
      const rows = await db()
        .select({ status: workspaceInvitations.status })
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.email, email))
        .orderBy(asc(workspaceInvitations.createdAt));
      expect(rows.map((r) => r.status)).toEqual(["expired", "pending"]);
    });

    it.each([
      ["an invalid e-mail", { email: "not-an-email" }, "email"],
      ["a missing e-mail", { role: "member" }, "email"],
      ["an unknown role", { email: "x@example.test", role: "admin" }, "role"],
      ["an unknown language", { email: "x@example.test", language: "de" }, "language"],
      ["an unknown key", { email: "x@example.test", token: "mine" }, "token"],
    ])("refuses %s with 400 and stores nothing", async (_n, body, field) => {
      const ws = await workspaceOf(owner);
      const before = await snapshot();
      const response = await invite(owner, ws, body);
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe("VALIDATION_FAILED");
      expect(error.fields?.[field]).toEqual(expect.any(String));
      expect(await snapshot()).toEqual(before);
    });

    it("enforces the plan: free has no invitations (nor direct adds), standard 4 people beside one owner", async () => {
      const freeOwner = await signUpAndSignIn(testApp, uniqueEmail("free-owner"));
      const [personal] = await workspacesOf(freeOwner);
      const friend = await signUpAndSignIn(testApp, uniqueEmail("free-friend"));
      const before = await snapshot();
      for (const email of [uniqueEmail("free-invitee"), friend.email]) {
        const response = await invite(freeOwner, personal!.id, { email });
        expect(response.status).toBe(403);
        expect(await errorOf(response)).toEqual({
          code: "PLAN_LIMIT_REACHED",
          message: "Your plan does not include team invitations. Upgrade to invite people.",
          fields: { limit: "invitations", plan: "free", limitValue: "0", upgradeTo: "standard" },
        });
      }
      expect(await snapshot()).toEqual(before);

      await setPlan(testApp, freeOwner.id, "standard");
      const ws = personal!.id;
      await invited(freeOwner, ws, { email: friend.email }); // a member counts
      for (let i = 0; i < 3; i++) await invited(freeOwner, ws, { email: uniqueEmail("seat") });
      const full = await snapshot();
      const fifth = await invite(freeOwner, ws, { email: uniqueEmail("seat") });
      expect(fifth.status).toBe(403);
      expect(await errorOf(fifth)).toEqual({
        code: "PLAN_LIMIT_REACHED",
        message: "Your plan allows 4 invitations per workspace. Upgrade to invite more.",
        fields: { limit: "invitations", plan: "standard", limitValue: "4", upgradeTo: "pro" },
      });
      expect(await snapshot()).toEqual(full);

      // a cancelled invitation gives its seat back
      const [pending] = invitationListSchema.parse(
        await (await freeOwner.request(`/api/workspaces/${ws}/invitations`)).json(),
      );
      const cancel = await freeOwner.request(`/api/workspaces/${ws}/invitations/${pending!.id}`, {
        method: "DELETE",
      });
      expect(cancel.status).toBe(204);
      await invited(freeOwner, ws, { email: uniqueEmail("seat") });
    });

    it("lets exactly the plan's number of concurrent invitations through", async () => {
      const standardOwner = await signUpAndSignIn(testApp, uniqueEmail("race-owner"));
      await setPlan(testApp, standardOwner.id, "standard");
      const [personal] = await workspacesOf(standardOwner);
      const statuses = await Promise.all(
        Array.from({ length: 7 }, async () => {
          const response = await invite(standardOwner, personal!.id, { email: uniqueEmail("r") });
          return response.status;
        }),
      );
      expect(statuses.sort()).toEqual([201, 201, 201, 201, 403, 403, 403]);
      expect(
        await db().$count(workspaceInvitations, eq(workspaceInvitations.workspaceId, personal!.id)),
      ).toBe(4);
    });

    it("lets one of two concurrent invitations of the same e-mail through", async () => {
      const ws = await workspaceOf(owner);
      const email = uniqueEmail("same");
      const statuses = await Promise.all(
        [email, email.toUpperCase()].map(
          async (e) => (await invite(owner, ws, { email: e })).status,
        ),
      );
      expect(statuses.sort()).toEqual([201, 409]);
    });

    it("keeps the invitation and says emailSent: false when the e-mail cannot be sent (spec §8)", async () => {
      // the same database and sessions; its SMTP server refuses connections
      const broken = createSiblingApp(testApp, { SMTP_URL: "smtp://127.0.0.1:9" });
      const ws = await workspaceOf(owner);
      const email = uniqueEmail("unsent");
      const response = await broken.request(`/api/workspaces/${ws}/invitations`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: owner.cookie },
        body: JSON.stringify({ email }),
      });
      expect(response.status).toBe(201);
      const result = inviteResponseSchema.parse(await response.json());
      expect(result).toMatchObject({ emailSent: false });
      const list = invitationListSchema.parse(
        await (await owner.request(`/api/workspaces/${ws}/invitations`)).json(),
      );
      expect(list.map((i) => i.email)).toEqual([email]);
      expect(mailsTo(testApp, email)).toEqual([]);

      // an existing account's invitation too, and it is still not a member
      const friend = await signUpAndSignIn(testApp, uniqueEmail("unsent-friend"));
      const unsent = await broken.request(`/api/workspaces/${ws}/invitations`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: owner.cookie },
        body: JSON.stringify({ email: friend.email }),
      });
      expect(unsent.status).toBe(201);
      expect(inviteResponseSchema.parse(await unsent.json())).toMatchObject({ emailSent: false });
      expect((await workspacesOf(friend)).map((w) => w.id)).not.toContain(ws);
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
