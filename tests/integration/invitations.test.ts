import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { invitationListSchema, inviteResponseSchema } from "../../src/contracts/workspaces.ts";
import { workspaceInvitations, workspaceMembers } from "../../src/server/db/schema.ts";
import { escapeHtml } from "../../src/server/mail/templates/render.ts";
import { hashInvitationToken } from "../../src/server/services/membership-records.ts";
import { signUpAndSignIn, uniqueEmail } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import { createSiblingApp, testBaseUrl } from "../helpers/test-app.ts";
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
  invite,
  invited,
  snapshot,
} from "./invitations-support.ts";

// Invitations (API.md "invitations", spec §4 "Invitation", §5 "Invite" and "Accept invitation",
// §8's warning): what is stored (a hash, never the token), the e-mails as a real SMTP server
// receives them, plan limits, and every way of accepting that must be refused.
// This part: inviting (the invitation files are split by behaviour: invitations-*.test.ts).

describe(`invitations on ${testEngine()}`, () => {
  useInvitationsApp();

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
      expect(mail.html).toContain('<html lang="en" dir="ltr">');
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
      expect(mail.html).toContain(`<html lang="${lang}" dir="ltr">`);
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
        expect(mail.html).toContain(`<html lang="${own}" dir="ltr">`);
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
});
