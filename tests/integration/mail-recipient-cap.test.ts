import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recipientMailLimits } from "../../src/server/mail/recipient-cap.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createSiblingApp,
  createTestApp,
  relaxedAuthLimits,
  type TestApp,
} from "../helpers/test-app.ts";
import { newTenant, setPlan } from "../helpers/workspaces.ts";

// Issue 28 (decision 049): one source queued 20 e-mails in 65 s to one address. Reset,
// verification and invitation e-mails now share a cap per address and hour, counted in the
// database, checked here with the real SMTP peer: the e-mail after the cap is never sent.

const unlimitedInvitations = { windowSeconds: 3600, perWorkspace: 1000, perOwner: 1000 };
const relaxedPerIp = {
  auth: {
    rateLimits: {
      ...relaxedAuthLimits.auth!.rateLimits,
      requestPasswordReset: { window: 60, max: 10_000 },
    },
  },
};

describe(`e-mails per address and hour on ${testEngine()}`, () => {
  let testApp: TestApp;
  let owner: SignedInUser;
  const { perRecipient } = recipientMailLimits;

  beforeAll(async () => {
    testApp = await createTestApp({}, { ...relaxedPerIp, invitationLimits: unlimitedInvitations });
    owner = await signUpAndSignIn(testApp, uniqueEmail("cap-owner"));
    await setPlan(testApp, owner.id, "pro");
  });
  afterAll(() => testApp.close());

  const post = (path: string, body: unknown, app: { request: TestApp["request"] } = testApp) =>
    app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const requestReset = (email: string, app?: { request: TestApp["request"] }) =>
    post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" }, app);
  const received = (email: string) =>
    testApp.smtp.messages.filter((m) => m.to.includes(email.toLowerCase())).length;
  const errorOf = async (response: Response) =>
    ((await response.json()) as { error: { code: string } }).error.code;

  it("sends the first resets of the hour, answers the next ones the same and sends nothing", async () => {
    const person = await signUpAndSignIn(testApp, uniqueEmail("cap-reset"));
    await testApp.mailSettled();
    expect(received(person.email)).toBe(1); // the verification

    const answers: string[] = [];
    for (let i = 0; i < perRecipient + 3; i++) {
      const response = await requestReset(person.email);
      expect(response.status).toBe(200);
      answers.push(await response.text());
    }
    // an unknown address gets that same answer
    const unknown = await requestReset(uniqueEmail("cap-nobody"));
    expect(unknown.status).toBe(200);
    expect(new Set([...answers, await unknown.text()]).size).toBe(1);

    await testApp.smtp.waitFor(person.email, 10_000, perRecipient - 1);
    // the refusals run after the answer: give them the time the sends had
    await new Promise((resolve) => setTimeout(resolve, 500));
    await testApp.mailSettled();
    expect(received(person.email)).toBe(perRecipient);

    // an hour after the first ones, the address may be sent one again
    testApp.setNow(new Date(Date.now() + 3600_000 + 1000));
    try {
      expect((await requestReset(person.email)).status).toBe(200);
      await testApp.smtp.waitFor(person.email, 10_000, perRecipient);
      expect(received(person.email)).toBe(perRecipient + 1);
    } finally {
      testApp.setNow(null);
    }
  });

  it("counts verification, reset and invitation e-mails together; the inviter over it gets 429", async () => {
    const email = uniqueEmail("cap-mixed");
    // sign-up (1), two resends of the link (3), a reset of the unverified account (4)
    const signUp = await post("/api/auth/sign-up/email", {
      email,
      password: "correct horse battery staple 42",
      name: "",
      callbackURL: "/verify-email",
    });
    expect(signUp.status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const resend = await post("/api/auth/send-verification-email", {
        email,
        callbackURL: "/verify-email",
      });
      expect(resend.status).toBe(200);
    }
    expect((await requestReset(email)).status).toBe(200);
    await testApp.smtp.waitFor(email, 10_000, 3);
    await testApp.mailSettled();
    expect(received(email)).toBe(4);

    // one invitation still fits; the next owner's invitation does not
    const [first, second] = await Promise.all([
      newTenant(testApp, "cap-inviter"),
      newTenant(testApp, "cap-inviter"),
    ]);
    await setPlan(testApp, first!.user.id, "pro");
    await setPlan(testApp, second!.user.id, "pro");
    const invite = (tenant: typeof first) =>
      tenant!.user.json("POST", `${tenant!.base}/invitations`, { email, role: "member" });
    const sent = await invite(first);
    expect(sent.status, await sent.clone().text()).toBe(201);
    const refused = await invite(second);
    expect(refused.status).toBe(429);
    expect(await errorOf(refused)).toBe("RECIPIENT_RATE_LIMITED");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(3500);
    // nothing stored for the refused invitation
    const listed = await second!.user.request(`${second!.base}/invitations`);
    expect(await listed.json()).toEqual([]);

    // the resend route answers as before and sends nothing
    const resend = await post("/api/auth/send-verification-email", {
      email,
      callbackURL: "/verify-email",
    });
    expect(resend.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await testApp.mailSettled();
    expect(received(email)).toBe(perRecipient);
  });

  it("holds across instances over one database, and ignores the address's case", async () => {
    const person = await signUpAndSignIn(testApp, uniqueEmail("cap-instances"));
    await testApp.mailSettled();
    const sibling = createSiblingApp(testApp, {}, relaxedPerIp);
    // both apps, concurrently, with the address in other cases: one count
    const responses = await Promise.all(
      Array.from({ length: perRecipient + 2 }, (_, i) =>
        requestReset(i % 2 ? person.email.toUpperCase() : person.email, i % 3 ? testApp : sibling),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(responses.map(() => 200));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await testApp.mailSettled();
    expect(received(person.email)).toBe(perRecipient);
    const { rows } = await testApp.database.executeSql(
      `select recipient from mail_sends where recipient like '%@%'`,
    );
    expect(rows, "no address is stored").toEqual([]);
  });
});
