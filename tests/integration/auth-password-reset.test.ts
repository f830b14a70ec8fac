import { randomUUID } from "node:crypto";
import { eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verification } from "../../src/server/db/schema.ts";
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
} from "./auth-support.ts";

const newPassword = "a brand new passphrase 77";

/** Requests a reset for `email` and returns the path of the link in the n-th mail to it. */
async function requestReset(
  app: AuthTestApp,
  email: string,
  mailNumber: number,
  redirectTo = "/reset-password",
  headers: Record<string, string> = {},
) {
  const response = await app
    .browser(headers)
    .post("/api/auth/request-password-reset", { email, redirectTo });
  expect(response.status).toBe(200);
  const mail = await waitForMail(app, email, mailNumber);
  return { mail, link: linkIn(mail, "/api/auth/reset-password/") };
}

/** Follows the e-mailed link: Better Auth redirects to /reset-password?token=… */
async function tokenFromLink(app: AuthTestApp, link: string) {
  const response = await app.browser().get(link);
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get("location")!, "http://x");
  return { location, token: location.searchParams.get("token") };
}

describe(`password reset on ${testEngine()}`, () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await createAuthTestApp({ auth: { rateLimits: relaxedRateLimits } });
  });
  afterAll(() => app.close());

  it("mails a one-hour link to /reset-password, sets the password and ends every session", async () => {
    const { email, password, browser } = await signUpAndVerify(app);
    const otherDevice = app.browser();
    expect((await otherDevice.post("/api/auth/sign-in/email", { email, password })).status).toBe(
      200,
    );

    const { mail, link } = await requestReset(app, email, 2);
    expect(mail.subject).toBe("Reset your Hawl password");
    expect(mail.text).toContain("valid for 1 hour");
    const [row] = await app.database.db
      .select()
      .from(verification)
      .where(like(verification.identifier, "reset-password:%"));
    const lifetime = row!.expiresAt.getTime() - row!.createdAt.getTime();
    expect(Math.abs(lifetime - 3600_000)).toBeLessThan(5_000);

    const { location, token } = await tokenFromLink(app, link);
    expect(location.pathname).toBe("/reset-password");
    expect(token).toBeTruthy();

    const reset = await app.browser().post("/api/auth/reset-password", { newPassword, token });
    expect(reset.status).toBe(200);

    // every session ended, the old password is refused, the new one works
    expect(await browser.session()).toBeNull();
    expect(await otherDevice.session()).toBeNull();
    expect((await app.browser().post("/api/auth/sign-in/email", { email, password })).status).toBe(
      401,
    );
    const again = app.browser();
    const signIn = await again.post("/api/auth/sign-in/email", { email, password: newPassword });
    expect(signIn.status).toBe(200);

    // the token worked once
    const reused = await app.browser().post("/api/auth/reset-password", {
      newPassword: "yet another passphrase 55",
      token,
    });
    expect(reused.status).toBe(400);
    expect(((await reused.json()) as { code: string }).code).toBe("INVALID_TOKEN");
    expect(await again.session()).not.toBeNull();
  });

  it("voids every other outstanding link once one is used (issue 10 defect 3)", async () => {
    const { email, password } = await signUpAndVerify(app);
    const first = await requestReset(app, email, 2);
    const second = await requestReset(app, email, 3);
    const older = decodeURIComponent(first.link.split("/reset-password/")[1]!.split("?")[0]!);
    const newer = (await tokenFromLink(app, second.link)).token!;
    expect(older).not.toBe(newer);
    // a link asked for at the same moment as the newer one: neither voids the other
    const [row] = await app.database.db
      .select()
      .from(verification)
      .where(eq(verification.identifier, `reset-password:${newer}`));
    const twin = `twin${newer}`;
    await app.database.db
      .insert(verification)
      .values({ ...row!, id: randomUUID(), identifier: `reset-password:${twin}` });

    // another account's link is not touched
    const bystander = await signUpAndVerify(app);
    const theirs = await requestReset(app, bystander.email, 2);

    const reset = await app
      .browser()
      .post("/api/auth/reset-password", { newPassword, token: newer });
    expect(reset.status).toBe(200);

    // the older link (voided when the newer one was sent) and the twin no longer reset anything
    for (const token of [older, twin]) {
      const stale = await app.browser().post("/api/auth/reset-password", {
        newPassword: "the attacker's passphrase 13",
        token,
      });
      expect(stale.status).toBe(400);
      expect(((await stale.json()) as { code: string }).code).toBe("INVALID_TOKEN");
    }
    expect((await tokenFromLink(app, first.link)).location.searchParams.get("error")).toBe(
      "INVALID_TOKEN",
    );
    const signIn = await app
      .browser()
      .post("/api/auth/sign-in/email", { email, password: newPassword });
    expect(signIn.status).toBe(200);
    expect((await app.browser().post("/api/auth/sign-in/email", { email, password })).status).toBe(
      401,
    );
    expect((await tokenFromLink(app, theirs.link)).token).toBeTruthy();
  });

  it("offers no change-password route (decision 047): the password and its reset links stay", async () => {
    const { email, password, browser } = await signUpAndVerify(app);
    const { link } = await requestReset(app, email, 2);
    const token = (await tokenFromLink(app, link)).token!;
    const changed = await browser.post("/api/auth/change-password", {
      currentPassword: password,
      newPassword,
    });
    expect(changed.status).toBe(404);
    expect((await app.browser().post("/api/auth/sign-in/email", { email, password })).status).toBe(
      200,
    );
    expect(
      (await app.browser().post("/api/auth/reset-password", { newPassword, token })).status,
    ).toBe(200);
  });

  it("refuses an expired link, on the page and on submit", async () => {
    const { email } = await signUpAndVerify(app);
    const { link } = await requestReset(app, email, 2);
    const token = decodeURIComponent(link.split("/api/auth/reset-password/")[1]!.split("?")[0]!);
    await app.database.db
      .update(verification)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(like(verification.identifier, `reset-password:${token}`));

    const followed = await tokenFromLink(app, link);
    expect(followed.location.pathname).toBe("/reset-password");
    expect(followed.location.searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(followed.token).toBeNull();

    const reset = await app.browser().post("/api/auth/reset-password", { newPassword, token });
    expect(reset.status).toBe(400);
    expect(((await reset.json()) as { code: string }).code).toBe("INVALID_TOKEN");
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const { email } = await signUpAndVerify(app);
    const unknown = uniqueEmail("nobody");
    const forUnknown = await app
      .browser()
      .post("/api/auth/request-password-reset", { email: unknown, redirectTo: "/reset-password" });
    const forKnown = await app
      .browser()
      .post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(forUnknown.status).toBe(forKnown.status);
    expect(await forUnknown.json()).toEqual(await forKnown.json());
    await waitForMail(app, email, 2);
    expect(mailsTo(app, unknown)).toHaveLength(0);
  });

  it("writes the reset e-mail in the language of the page that asked", async () => {
    const { email } = await signUpAndVerify(app);
    const { mail, link } = await requestReset(app, email, 2, "/nl/reset-password");
    expect(mail.subject).toBe("Stel je Hawl-wachtwoord opnieuw in");
    const { location } = await tokenFromLink(app, link);
    expect(location.pathname).toBe("/nl/reset-password");

    const fr = await requestReset(app, email, 3, "/reset-password", { "x-hawl-language": "fr" });
    expect(fr.mail.subject).toBe("Réinitialisez votre mot de passe Hawl");
    expect((await tokenFromLink(app, fr.link)).location.pathname).toBe("/fr/reset-password");
  });
});
