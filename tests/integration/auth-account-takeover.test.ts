import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user, workspaceMembers } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
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

// Issue 10, defect 4 (decision 012): someone signs up with another person's address and a
// password of their choosing. The verification link must not sign the address's owner into
// that account (the other person would then sign in with their password and see everything
// the owner put there). Decision 046 (issue 28): the verification must not keep the other
// person's password either: a browser that did not sign up verifies, the password goes and the
// owner chooses theirs; a sign-up with the address of an unverified account replaces it.

const attackerPassword = "attacker chose this passphrase 31";
const ownerPassword = "the owner's own passphrase 64";

async function signUp(app: AuthTestApp, browser: Browser, email: string, password: string) {
  const before = mailsTo(app, email).length;
  const response = await browser.post("/api/auth/sign-up/email", {
    email,
    password,
    name: "Not the owner",
    callbackURL: "/fr/verify-email",
  });
  expect(response.status).toBe(200);
  return linkIn(await waitForMail(app, email, before + 1), "/api/auth/verify-email");
}

/** The password chosen on the page a verification link landed on (decision 046). */
async function choosePassword(app: AuthTestApp, landing: URL, password: string) {
  const token = landing.searchParams.get("token");
  const chosen = await app.browser().post("/api/auth/reset-password", {
    newPassword: password,
    token,
  });
  expect(chosen.status).toBe(200);
}

async function signIn(app: AuthTestApp, email: string, password: string) {
  const browser = app.browser();
  const response = await browser.post("/api/auth/sign-in/email", { email, password });
  return { browser, status: response.status };
}

describe(`pre-account takeover on ${testEngine()}`, () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await createAuthTestApp({ auth: { rateLimits: relaxedRateLimits } });
  });
  afterAll(() => app.close());

  it("binds the sign-up to its browser with a signed, HttpOnly, short-lived cookie", async () => {
    const browser = app.browser();
    const response = await browser.post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: ownerPassword,
      callbackURL: "/verify-email",
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("hawl.signup_binding="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth/i);
    expect(cookie).toMatch(/Max-Age=86400/i);
    // no session cookie: the address is not verified yet
    expect(response.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
  });

  it("verifies without signing in a browser that did not sign up, drops the password it did not choose and lets it choose one", async () => {
    const email = uniqueEmail("victim");
    const attacker = app.browser();
    const link = await signUp(app, attacker, email, attackerPassword);

    // the owner of the mailbox opens the unsolicited link in their own browser
    const owner = app.browser();
    const opened = await owner.get(link);
    expect(opened.status).toBe(302);
    const landing = new URL(opened.headers.get("location")!, "http://x");
    expect(landing.pathname).toBe("/fr/reset-password");
    expect(landing.searchParams.get("verified")).toBe("1");
    expect(opened.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
    expect(await owner.session()).toBeNull();
    const [row] = await app.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(true);
    // decision 046: the address's owner did not choose that password, so it is gone
    expect((await signIn(app, email, attackerPassword)).status).toBe(401);
    await choosePassword(app, landing, ownerPassword);
    expect((await signIn(app, email, ownerPassword)).status).toBe(200);
    expect((await signIn(app, email, attackerPassword)).status).toBe(401);

    // opening it again signs nobody in either
    const again = app.browser();
    expect((await again.get(link)).status).toBe(302);
    expect(await again.session()).toBeNull();
  });

  it("does not switch a browser signed in to another account over to the verified one", async () => {
    const someone = await signUpAndVerify(app);
    const email = uniqueEmail("victim");
    const link = await signUp(app, app.browser(), email, attackerPassword);
    const opened = await someone.browser.get(link);
    expect(new URL(opened.headers.get("location")!, "http://x").searchParams.get("verified")).toBe(
      "1",
    );
    expect((await someone.browser.session())?.user.email).toBe(someone.email);
  });

  it("a forged or foreign binding cookie signs nobody in", async () => {
    const email = uniqueEmail("victim");
    const attacker = app.browser();
    const link = await signUp(app, attacker, email, attackerPassword);
    // another sign-up's (valid, signed) binding, and a tampered copy of the attacker's own
    const other = app.browser();
    await signUp(app, other, uniqueEmail(), ownerPassword);
    const owner = app.browser();
    owner.cookies.set("hawl.signup_binding", other.cookies.get("hawl.signup_binding")!);
    expect(
      new URL((await owner.get(link)).headers.get("location")!, "http://x").searchParams.get(
        "verified",
      ),
    ).toBe("1");
    expect(await owner.session()).toBeNull();
    const forged = app.browser();
    forged.cookies.set("hawl.signup_binding", `x${attacker.cookies.get("hawl.signup_binding")}`);
    await forged.get(link);
    expect(await forged.session()).toBeNull();
  });

  it("a reset by the owner ends the other person's password and sessions", async () => {
    const email = uniqueEmail("victim");
    const attackerBrowser = app.browser();
    const link = await signUp(app, attackerBrowser, email, attackerPassword);
    // the attacker opens the link themselves (say they read the mailbox for a while): their
    // browser chose the password, so it stays, and they are signed in
    await attackerBrowser.get(link);
    const attacker = await signIn(app, email, attackerPassword);
    expect(attacker.status).toBe(200);
    expect(await attacker.browser.session()).not.toBeNull();

    // the owner, told to sign in or reset, resets through their mailbox
    const requested = await app
      .browser()
      .post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(requested.status).toBe(200);
    const resetMail = await waitForMail(app, email, 2);
    const followed = await app.browser().get(linkIn(resetMail, "/api/auth/reset-password/"));
    const token = new URL(followed.headers.get("location")!, "http://x").searchParams.get("token");
    const reset = await app
      .browser()
      .post("/api/auth/reset-password", { newPassword: ownerPassword, token });
    expect(reset.status).toBe(200);

    expect(await attacker.browser.session()).toBeNull();
    expect((await signIn(app, email, attackerPassword)).status).toBe(401);
    expect((await signIn(app, email, ownerPassword)).status).toBe(200);
  });

  it("a reset of an address never verified verifies it: the owner needs no other link", async () => {
    const email = uniqueEmail("victim");
    await signUp(app, app.browser(), email, attackerPassword);
    await app
      .browser()
      .post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    const resetMail = await waitForMail(app, email, 2);
    const followed = await app.browser().get(linkIn(resetMail, "/api/auth/reset-password/"));
    const token = new URL(followed.headers.get("location")!, "http://x").searchParams.get("token");
    expect(
      (await app.browser().post("/api/auth/reset-password", { newPassword: ownerPassword, token }))
        .status,
    ).toBe(200);
    expect((await signIn(app, email, ownerPassword)).status).toBe(200);
    expect((await signIn(app, email, attackerPassword)).status).toBe(401);
  });

  // Issue 11: re-opening the link of a verified address said "Verification failed".
  it("a link opened again once the address is verified says so, expired or not, and signs nobody in", async () => {
    const email = uniqueEmail("again");
    const link = await signUp(app, app.browser(), email, ownerPassword);
    const landingOf = async (browser: Browser, url: string) => {
      const opened = await browser.get(url);
      expect(opened.status).toBe(302);
      expect(opened.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
      return new URL(opened.headers.get("location")!, "http://x");
    };
    const first = await landingOf(app.browser(), link);
    expect(first.searchParams.get("verified")).toBe("1");
    // the opener chooses the password (decision 046): from then on the link only says so
    await choosePassword(app, first, ownerPassword);

    const again = app.browser();
    const second = await landingOf(again, link);
    expect(second.pathname).toBe("/fr/verify-email");
    expect(second.searchParams.get("verified")).toBe("already");
    expect(second.searchParams.has("error")).toBe(false);
    expect(await again.session()).toBeNull();

    // the same address's link after its 24 hours, signed with the server's secret
    const token = (claims: Record<string, unknown>, secret = app.env.BETTER_AUTH_SECRET) => {
      const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
      const unsigned = `${part({ alg: "HS256" })}.${part(claims)}`;
      const signature = createHmac("sha256", secret).update(unsigned).digest("base64url");
      return `${unsigned}.${signature}`;
    };
    const past = Math.floor(Date.now() / 1000) - 3 * 86400;
    const linkWith = (t: string) =>
      `/api/auth/verify-email?token=${t}&callbackURL=${encodeURIComponent("/nl/verify-email")}`;
    const expired = await landingOf(
      app.browser(),
      linkWith(token({ email, iat: past - 86400, exp: past })),
    );
    expect(expired.pathname).toBe("/nl/verify-email");
    expect(expired.searchParams.get("verified")).toBe("already");
    expect(expired.searchParams.has("error")).toBe(false);

    // a wrong signature, or an expired link of an address not verified, says nothing of it
    const forged = await landingOf(
      app.browser(),
      linkWith(token({ email, iat: past - 86400, exp: past }, "another secret")),
    );
    expect(forged.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(forged.searchParams.has("verified")).toBe(false);
    const unverified = uniqueEmail("unverified");
    await signUp(app, app.browser(), unverified, ownerPassword);
    const stale = await landingOf(
      app.browser(),
      linkWith(token({ email: unverified, iat: past - 86400, exp: past })),
    );
    expect(stale.searchParams.get("error")).toBe("TOKEN_EXPIRED");
    expect(stale.searchParams.has("verified")).toBe(false);
    const [row] = await app.database.db.select().from(user).where(eq(user.email, unverified));
    expect(row?.emailVerified).toBe(false);
  });
  // Issue 28 item 4 (decision 046): the owner's own sign-up answered 200 and sent nothing; a
  // new link, opened by the owner, verified the account with the attacker's password.
  it("the owner signs up after the attacker, asks for a new link and opens it: only the owner's password signs in", async () => {
    const email = uniqueEmail("victim");
    await signUp(app, app.browser(), email, attackerPassword);

    const owner = app.browser();
    const ownSignUp = await owner.post("/api/auth/sign-up/email", {
      email,
      password: ownerPassword,
      callbackURL: "/verify-email",
    });
    expect(ownSignUp.status).toBe(200);
    const before = mailsTo(app, email).length;
    const resent = await owner.post("/api/auth/send-verification-email", {
      email,
      callbackURL: "/verify-email",
    });
    expect(resent.status).toBe(200);
    const link = linkIn(await waitForMail(app, email, before + 1), "/api/auth/verify-email");
    expect((await owner.get(link)).status).toBe(302);

    expect((await signIn(app, email, attackerPassword)).status).toBe(401);
    expect((await signIn(app, email, ownerPassword)).status).toBe(200);
    // the browser that signed up and opened the link is signed in as the owner
    expect((await owner.session())?.user.email).toBe(email);
  });

  it("the owner's sign-up mails its own link; a later sign-up by the attacker does not win it back", async () => {
    const email = uniqueEmail("victim");
    await signUp(app, app.browser(), email, attackerPassword);
    const owner = app.browser();
    const ownLink = await signUp(app, owner, email, ownerPassword);
    expect(mailsTo(app, email)).toHaveLength(2);

    // the attacker signs up again with their password before the owner opens the mail
    await signUp(app, app.browser(), email, attackerPassword);
    const opened = await owner.get(ownLink);
    const landing = new URL(opened.headers.get("location")!, "http://x");
    // the account the owner's browser signed up for was replaced: choose a password
    expect(landing.pathname).toBe("/fr/reset-password");
    expect(await owner.session()).toBeNull();
    expect((await signIn(app, email, attackerPassword)).status).toBe(401);
    await choosePassword(app, landing, ownerPassword);
    expect((await signIn(app, email, ownerPassword)).status).toBe(200);
    // one account, one personal workspace: the replaced ones left nothing behind
    const rows = await app.database.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
    const owned = await app.database.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, rows[0]!.id));
    expect(owned).toHaveLength(1);
  });

  it("a link a mail scanner opened first still lets the newcomer choose a password", async () => {
    const email = uniqueEmail("scanned");
    const newcomer = app.browser();
    const link = await signUp(app, newcomer, email, ownerPassword);
    // the scanner's request carries no binding: the password goes, nobody follows the landing
    expect((await app.browser().get(link)).status).toBe(302);

    const opened = await newcomer.get(link);
    const landing = new URL(opened.headers.get("location")!, "http://x");
    expect(landing.pathname).toBe("/fr/reset-password");
    expect(landing.searchParams.get("verified")).toBe("1");
    await choosePassword(app, landing, ownerPassword);
    expect((await signIn(app, email, ownerPassword)).status).toBe(200);

    // once it has a password again, the link only says the address is verified
    const again = await app.browser().get(link);
    expect(new URL(again.headers.get("location")!, "http://x").searchParams.get("verified")).toBe(
      "already",
    );
  });

  it("a sign-up with the address of a verified account changes nothing and mails nothing", async () => {
    const someone = await signUpAndVerify(app);
    const before = mailsTo(app, someone.email).length;
    const again = await app.browser().post("/api/auth/sign-up/email", {
      email: someone.email,
      password: attackerPassword,
      callbackURL: "/verify-email",
    });
    expect(again.status).toBe(200);
    await app.mailSettled();
    expect(mailsTo(app, someone.email)).toHaveLength(before);
    expect((await signIn(app, someone.email, someone.password)).status).toBe(200);
    expect((await signIn(app, someone.email, attackerPassword)).status).toBe(401);
    expect((await someone.browser.session())?.user.id).toBe(someone.userId);
  });
});
