import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, getSessionUser } from "../../src/server/auth/auth.ts";
import { profiles, user, workspaceMembers, workspaces } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createAuthTestApp,
  goodPassword,
  linkIn,
  relaxedRateLimits,
  mailsTo,
  signUpAndVerify,
  uniqueEmail,
  waitForMail,
  type AuthTestApp,
} from "./auth-support.ts";

describe(`sign-up, verification, sign-in, sign-out on ${testEngine()}`, () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    // this file is about the flows: per-IP limits out of the way (auth-rate-limit tests them)
    app = await createAuthTestApp({ auth: { rateLimits: relaxedRateLimits } });
  });
  afterAll(() => app.close());

  it("goes from sign-up through the e-mailed link to a working session and out again", async () => {
    const email = uniqueEmail();
    const browser = app.browser();
    const signUp = await browser.post("/api/auth/sign-up/email", {
      email,
      password: goodPassword,
      name: "Amina",
      callbackURL: "/verify-email",
    });
    expect(signUp.status).toBe(200);
    // no session before verification, only the sign-up binding (decision 012)
    expect([...browser.cookies.keys()]).toEqual(["hawl.signup_binding"]);

    const mail = await waitForMail(app, email);
    const link = linkIn(mail, "/api/auth/verify-email");
    expect(new URL(link, "http://x").searchParams.get("callbackURL")).toBe("/verify-email");
    expect(mail.html).toContain("Amina");

    const verify = await browser.get(link);
    expect(verify.status).toBe(302);
    expect(new URL(verify.headers.get("location")!, "http://x").pathname).toBe("/verify-email");
    // the browser that signed up is signed in by the link: the landing page finds a session
    const afterVerify = await browser.session();
    expect(afterVerify?.user.email).toBe(email);

    // sign out, then sign in with the password
    const signOut = await browser.post("/api/auth/sign-out", {});
    expect(signOut.status).toBe(200);
    expect(await browser.session()).toBeNull();

    const signIn = await browser.post("/api/auth/sign-in/email", { email, password: goodPassword });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("hawl.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await browser.session();
    expect(session?.user.email).toBe(email);

    const me = await browser.get("/api/me");
    expect(me.status).toBe(200);
    const meBody = (await me.json()) as {
      user: { email: string; emailVerified: boolean };
      profile: { fullName: string | null };
    };
    expect(meBody.user).toMatchObject({ email, emailVerified: true });
    expect(meBody.profile.fullName).toBe("Amina");

    expect((await browser.post("/api/auth/sign-out", {})).status).toBe(200);
    expect(await browser.session()).toBeNull();
    expect((await browser.get("/api/me")).status).toBe(401);
  });

  it("refuses sign-in before the e-mail is verified, with a clear message and a new link", async () => {
    const email = uniqueEmail();
    const browser = app.browser();
    await browser.post("/api/auth/sign-up/email", { email, password: goodPassword, name: "" });
    await waitForMail(app, email, 1);

    const signIn = await browser.post("/api/auth/sign-in/email", { email, password: goodPassword });
    expect(signIn.status).toBe(403);
    const body = (await signIn.json()) as { code: string; message: string };
    expect(body.code).toBe("EMAIL_NOT_VERIFIED");
    expect(body.message).toMatch(/verify your e-mail address/i);
    expect([...browser.cookies.keys()].filter((name) => name.includes("session"))).toEqual([]);
    // a fresh verification link is on its way
    await waitForMail(app, email, 2);

    // a wrong password on an unverified account is just a wrong password
    const wrong = await browser.post("/api/auth/sign-in/email", {
      email,
      password: "not the one 123",
    });
    expect(wrong.status).toBe(401);
  });

  it("accepts a sign-up without a name and answers a duplicate e-mail like a new one", async () => {
    const email = uniqueEmail();
    const first = await app
      .browser()
      .post("/api/auth/sign-up/email", { email, password: goodPassword });
    expect(first.status).toBe(200);
    const second = await app
      .browser()
      .post("/api/auth/sign-up/email", { email, password: "another good passphrase 9" });
    expect(second.status).toBe(200);
    const a = (await first.json()) as { user: Record<string, unknown> };
    const b = (await second.json()) as { user: Record<string, unknown> };
    expect(Object.keys(b.user).sort()).toEqual(Object.keys(a.user).sort());
    await waitForMail(app, email);
    const rows = await app.database.db.select().from(user).where(eq(user.email, email));
    expect(rows).toHaveLength(1);
  });

  it("gives each new account a profile and exactly one owned workspace", async () => {
    const { userId } = await signUpAndVerify(app, { name: "  Yusuf Ali  " });
    const [profile] = await app.database.db.select().from(profiles).where(eq(profiles.id, userId));
    expect(profile?.fullName).toBe("Yusuf Ali");
    const owned = await app.database.db
      .select({ id: workspaces.id, name: workspaces.name, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId));
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({ name: "Personal", role: "owner" });
  });

  it("writes the e-mail and names the workspace in the sign-up's language", async () => {
    const email = uniqueEmail("fr");
    const browser = app.browser();
    await browser.post("/api/auth/sign-up/email", {
      email,
      password: goodPassword,
      name: "Fatima",
      // the web sends absolute addresses on its own origin
      callbackURL: "http://localhost:3000/fr/verify-email",
    });
    const mail = await waitForMail(app, email);
    expect(mail.subject).toBe("Confirmez votre adresse e-mail pour Hawl");
    expect(mail.text).toContain("Bonjour Fatima,");
    const link = linkIn(mail, "/api/auth/verify-email");
    const verify = await browser.get(link);
    expect(new URL(verify.headers.get("location")!, "http://x").pathname).toBe("/fr/verify-email");
    const session = await browser.session();
    const owned = await app.database.db
      .select({ name: workspaces.name })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, session!.user.id));
    expect(owned).toEqual([{ name: "Personnel" }]);

    const nlEmail = uniqueEmail("nl");
    await app
      .browser({ "accept-language": "nl-BE,nl;q=0.9,en;q=0.5" })
      .post("/api/auth/sign-up/email", { email: nlEmail, password: goodPassword });
    const nlMail = await waitForMail(app, nlEmail);
    expect(nlMail.subject).toBe("Bevestig je e-mailadres voor Hawl");
    expect(nlMail.text).toContain("Hallo,");
    expect(linkIn(nlMail, "/api/auth/verify-email")).toContain(
      `callbackURL=${encodeURIComponent("/nl/verify-email")}`,
    );
    expect(mailsTo(app, nlEmail)).toHaveLength(1);

    // an English page asked (no prefix): English, whatever the browser prefers
    const enEmail = uniqueEmail("en");
    await app.browser({ "accept-language": "fr-FR,fr;q=0.9" }).post("/api/auth/sign-up/email", {
      email: enEmail,
      password: goodPassword,
      callbackURL: "/verify-email",
    });
    expect((await waitForMail(app, enEmail)).subject).toBe("Confirm your e-mail address for Hawl");
  });

  it("rejects an invalid verification token by sending the person to the page with an error", async () => {
    const response = await app
      .browser()
      .get(
        `/api/auth/verify-email?token=nonsense&callbackURL=${encodeURIComponent("/verify-email")}`,
      );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location")!, "http://x");
    expect(location.pathname).toBe("/verify-email");
    expect(location.searchParams.get("error")).toBe("INVALID_TOKEN");
  });

  it("tells the other routes who is signed in through getSessionUser", async () => {
    const { browser, email, userId } = await signUpAndVerify(app, { name: "Maryam" });
    const auth = createAuth(app.deps);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    expect(await getSessionUser(auth, new Headers({ cookie }))).toEqual({
      id: userId,
      email,
      emailVerified: true,
      name: "Maryam",
    });
    expect(await getSessionUser(auth, new Headers())).toBeNull();
    expect(
      await getSessionUser(auth, new Headers({ cookie: "hawl.session_token=forged.value" })),
    ).toBeNull();
  });
});

describe(`session cookie behind https on ${testEngine()}`, () => {
  let app: AuthTestApp;
  const origin = "https://hawl.example";
  beforeAll(async () => {
    app = await createAuthTestApp({ env: { BASE_URL: origin } });
  });
  afterAll(() => app.close());

  it("is Secure, HttpOnly, SameSite=Lax and __Secure- prefixed", async () => {
    const { email, password } = await signUpAndVerify(app, { headers: { origin } });
    const signIn = await app
      .browser({ origin })
      .post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .find((c) => c.startsWith("__Secure-hawl.session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });
});
