import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createAuthTestApp,
  linkIn,
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
// the owner put there); the owner verifies, is asked to sign in or reset, and a reset ends
// the other person's password and sessions.

const attackerPassword = "attacker chose this passphrase 31";
const ownerPassword = "the owner's own passphrase 64";

async function signUp(app: AuthTestApp, browser: Browser, email: string, password: string) {
  const response = await browser.post("/api/auth/sign-up/email", {
    email,
    password,
    name: "Not the owner",
    callbackURL: "/fr/verify-email",
  });
  expect(response.status).toBe(200);
  return linkIn(await waitForMail(app, email), "/api/auth/verify-email");
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

  it("verifies without signing in a browser that did not sign up, and sends it to sign in", async () => {
    const email = uniqueEmail("victim");
    const attacker = app.browser();
    const link = await signUp(app, attacker, email, attackerPassword);

    // the owner of the mailbox opens the unsolicited link in their own browser
    const owner = app.browser();
    const opened = await owner.get(link);
    expect(opened.status).toBe(302);
    const landing = new URL(opened.headers.get("location")!, "http://x");
    expect(landing.pathname).toBe("/fr/verify-email");
    expect(landing.searchParams.get("verified")).toBe("1");
    expect(opened.headers.getSetCookie().some((c) => c.includes("session_token"))).toBe(false);
    expect(await owner.session()).toBeNull();
    const [row] = await app.database.db.select().from(user).where(eq(user.email, email));
    expect(row?.emailVerified).toBe(true);

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
    const link = await signUp(app, app.browser(), email, attackerPassword);
    await app.browser().get(link);

    // the attacker can sign in with the password they chose (the address is verified now)
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
});
