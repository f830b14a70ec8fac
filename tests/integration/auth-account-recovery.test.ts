import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createdCalendarFeedSchema } from "../../src/contracts/calendar-feeds.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { workspaceInvitations } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import { setPlan } from "../helpers/workspaces.ts";
import {
  createAuthTestApp,
  linkIn,
  mailsTo,
  relaxedRateLimits,
  signUpAndVerify,
  uniqueEmail,
  waitForMail,
  type AuthTestApp,
  type Browser,
} from "./auth-support.ts";

// Issue 28 item 5 (decision 046): a recovered account keeps nothing the old sessions made. A
// password reset and "sign out everywhere" end every session, every calendar feed URL the
// account created, the invitations it sent still pending and every outstanding reset link; a
// newer reset link voids the older ones as soon as it is sent.

const newPassword = "the owner's new passphrase 91";

async function workspaceOf(browser: Browser): Promise<string> {
  const response = await browser.get("/api/workspaces");
  expect(response.status).toBe(200);
  return workspaceListSchema.parse(await response.json())[0]!.id;
}

/** A feed of the browser's personal workspace: its URL as a path the app serves. */
async function createFeed(browser: Browser): Promise<string> {
  const ws = await workspaceOf(browser);
  const response = await browser.post(`/api/workspaces/${ws}/calendar-feeds`, {});
  expect(response.status, await response.clone().text()).toBe(201);
  const { url } = createdCalendarFeedSchema.parse(await response.json());
  return url.replace(/^https?:\/\/[^/]+/, "");
}

/** Asks for a reset link; returns the token the e-mailed link leads to. */
async function resetToken(app: AuthTestApp, email: string): Promise<string> {
  const before = mailsTo(app, email).length;
  const asked = await app
    .browser()
    .post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
  expect(asked.status).toBe(200);
  const link = linkIn(await waitForMail(app, email, before + 1), "/api/auth/reset-password/");
  return decodeURIComponent(link.split("/reset-password/")[1]!.split("?")[0]!);
}

async function resetWith(app: AuthTestApp, token: string, password = newPassword) {
  return app.browser().post("/api/auth/reset-password", { newPassword: password, token });
}

async function signIn(app: AuthTestApp, email: string, password: string) {
  const browser = app.browser();
  const response = await browser.post("/api/auth/sign-in/email", { email, password });
  return { browser, status: response.status };
}

describe(`a recovered account on ${testEngine()}`, () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await createAuthTestApp({ auth: { rateLimits: relaxedRateLimits } });
  });
  afterAll(() => app.close());

  /** The owner signed in, and someone else signed in with the same password who made a feed. */
  async function compromised() {
    const owner = await signUpAndVerify(app);
    const intruder = await signIn(app, owner.email, owner.password);
    expect(intruder.status).toBe(200);
    const feed = await createFeed(intruder.browser);
    expect((await app.request(feed)).status).toBe(200);
    return { ...owner, intruder: intruder.browser, feed };
  }

  it("a reset ends every session, the feed URLs the account made and every other reset link", async () => {
    const { email, browser, intruder, feed } = await compromised();
    const older = await resetToken(app, email);
    const used = await resetToken(app, email);
    expect((await resetWith(app, used)).status).toBe(200);

    for (const session of [browser, intruder]) {
      expect((await session.get("/api/me")).status).toBe(401);
    }
    expect((await app.request(feed)).status).toBe(404);
    const stale = await resetWith(app, older, "the intruder's passphrase 13");
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { code: string }).code).toBe("INVALID_TOKEN");

    // the owner signs in with the new password and can make a new feed, which serves
    const again = await signIn(app, email, newPassword);
    expect(again.status).toBe(200);
    expect((await app.request(await createFeed(again.browser))).status).toBe(200);
  });

  it("sign out everywhere ends the same, and the password still works", async () => {
    const { email, password, browser, intruder, feed, userId } = await compromised();
    await setPlan(app, userId, "pro");
    const ws = await workspaceOf(intruder);
    const invited = await intruder.post(`/api/workspaces/${ws}/invitations`, {
      email: uniqueEmail("accomplice"),
      role: "owner",
    });
    expect(invited.status).toBe(201);
    const outstanding = await resetToken(app, email);

    const out = await browser.post("/api/auth/revoke-sessions", {});
    expect(out.status).toBe(200);
    // this browser's cookies are cleared, not left to pass from the cookie cache
    expect(out.headers.getSetCookie().some((c) => /^hawl\.session_token=;/.test(c))).toBe(true);

    for (const session of [browser, intruder]) {
      expect((await session.get("/api/me")).status).toBe(401);
    }
    expect((await app.request(feed)).status).toBe(404);
    const stale = await resetWith(app, outstanding);
    expect(stale.status).toBe(400);
    expect(((await stale.json()) as { code: string }).code).toBe("INVALID_TOKEN");
    expect(
      await app.database.db
        .select()
        .from(workspaceInvitations)
        .where(eq(workspaceInvitations.workspaceId, ws)),
    ).toEqual([]);

    const again = await signIn(app, email, password);
    expect(again.status).toBe(200);
    expect((await app.request(await createFeed(again.browser))).status).toBe(200);
  });

  it("sign out everywhere needs a session and touches no other account", async () => {
    expect((await app.browser().post("/api/auth/revoke-sessions", {})).status).toBe(401);
    const someone = await compromised();
    const other = await signUpAndVerify(app);
    const otherFeed = await createFeed(other.browser);
    expect((await someone.browser.post("/api/auth/revoke-sessions", {})).status).toBe(200);
    expect((await other.browser.get("/api/me")).status).toBe(200);
    expect((await app.request(otherFeed)).status).toBe(200);
  });

  it("a newer reset link voids the older ones as soon as it is sent", async () => {
    const { email, password } = await signUpAndVerify(app);
    const first = await resetToken(app, email);
    const second = await resetToken(app, email);
    const newest = await resetToken(app, email);

    for (const token of [first, second]) {
      const followed = await app
        .browser()
        .get(
          `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent("/reset-password")}`,
        );
      expect(new URL(followed.headers.get("location")!, "http://x").searchParams.get("error")).toBe(
        "INVALID_TOKEN",
      );
      const refused = await resetWith(app, token);
      expect(refused.status).toBe(400);
    }
    expect((await signIn(app, email, password)).status).toBe(200);
    expect((await resetWith(app, newest)).status).toBe(200);
    expect((await signIn(app, email, newPassword)).status).toBe(200);
  });
});
