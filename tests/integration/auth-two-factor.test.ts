import { eq } from "drizzle-orm";
import { generateSync } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAdminCommand } from "../../src/server/services/admin-accounts.ts";
import { user } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createAuthTestApp,
  linkIn,
  mailsTo,
  relaxedRateLimits,
  signUpAndVerify,
  waitForMail,
  type AuthTestApp,
  type Browser,
} from "./auth-support.ts";

// Issue 35 (decision 071): two-factor codes (TOTP, RFC 6238) with Better Auth's twoFactor
// plugin. Codes are computed by otplib at the test's clock (Better Auth reads the real clock).

const engine = testEngine();

function secretOf(totpURI: string): string {
  return new URL(totpURI).searchParams.get("secret")!;
}

function codeAt(secret: string, ms = Date.now()): string {
  return generateSync({ secret, epoch: Math.floor(ms / 1000) });
}

/** A code of this secret that is not valid now (outside Better Auth's one-step window). */
function wrongCode(secret: string): string {
  const valid = new Set([-30_000, 0, 30_000].map((d) => codeAt(secret, Date.now() + d)));
  for (let i = 0; ; i++) {
    const candidate = String((123456 + i * 7919) % 1_000_000).padStart(6, "0");
    if (!valid.has(candidate)) return candidate;
  }
}

interface Enrolled {
  email: string;
  password: string;
  browser: Browser;
  userId: string;
  secret: string;
  backupCodes: string[];
}

async function enrol(app: AuthTestApp): Promise<Enrolled> {
  const account = await signUpAndVerify(app);
  const enabled = await account.browser.post("/api/auth/two-factor/enable", {
    password: account.password,
  });
  expect(enabled.status, await enabled.clone().text()).toBe(200);
  const { totpURI, backupCodes } = (await enabled.json()) as {
    totpURI: string;
    backupCodes: string[];
  };
  expect(totpURI).toMatch(/^otpauth:\/\/totp\/Hawl:/);
  expect(backupCodes).toHaveLength(10);
  const secret = secretOf(totpURI);
  const confirmed = await account.browser.post("/api/auth/two-factor/verify-totp", {
    code: codeAt(secret),
  });
  expect(confirmed.status, await confirmed.clone().text()).toBe(200);
  return { ...account, secret, backupCodes };
}

async function passwordStep(app: AuthTestApp, email: string, password: string) {
  const browser = app.browser();
  const response = await browser.post("/api/auth/sign-in/email", { email, password });
  return { browser, response, body: (await response.json()) as Record<string, unknown> };
}

describe(`two-factor codes (issue 35), on ${engine}`, () => {
  let app: AuthTestApp;

  beforeAll(async () => {
    app = await createAuthTestApp({
      auth: {
        rateLimits: { ...relaxedRateLimits, twoFactor: { window: 60, max: 1000 } },
        signInFailures: {
          account: { max: 100, windowSeconds: 3600 },
          accountAddress: { max: 4, windowSeconds: 3600 },
          device: { max: 4, windowSeconds: 3600 },
        },
      },
    });
  });
  afterAll(async () => {
    await app?.close();
  });

  it("turns on with a first code, then sign-in asks for a code after the password", async () => {
    const account = await enrol(app);
    const [row] = await app.database.db
      .select({ on: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.id, account.userId));
    expect(row?.on).toBe(true);
    const mail = await waitForMail(app, account.email, 2);
    expect(mail.subject).toMatch(/two-factor sign-in is on/i);

    const { browser, body } = await passwordStep(app, account.email, account.password);
    expect(body).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    expect(await browser.session()).toBeNull();
    // no device cookie for a password still waiting for its code
    expect([...browser.cookies.keys()].some((name) => name.includes("hawl.device"))).toBe(false);

    const verified = await browser.post("/api/auth/two-factor/verify-totp", {
      code: codeAt(account.secret),
    });
    expect(verified.status).toBe(200);
    expect((await browser.session())?.user.email).toBe(account.email);
    expect([...browser.cookies.keys()].some((name) => name.includes("hawl.device"))).toBe(true);
  });

  it("refuses a wrong code, and counts wrong codes in the sign-in budget per address", async () => {
    const account = await enrol(app);
    const { browser } = await passwordStep(app, account.email, account.password);
    const wrong = wrongCode(account.secret);
    const first = await browser.post("/api/auth/two-factor/verify-totp", { code: wrong });
    expect(first.status).toBe(401);
    expect(((await first.json()) as { code?: string }).code).toBe("INVALID_CODE");
    expect(await browser.session()).toBeNull();
    // three more wrong codes reach the per-address limit of 4 (a new challenge each time)
    for (let i = 0; i < 3; i++) {
      const again = await passwordStep(app, account.email, account.password);
      const answer = await again.browser.post("/api/auth/two-factor/verify-totp", { code: wrong });
      expect(answer.status).toBe(401);
    }
    const held = await passwordStep(app, account.email, account.password);
    expect(held.response.status).toBe(429);
    expect(held.response.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("takes each backup code once, and trusts this device for 30 days when asked", async () => {
    const account = await enrol(app);
    const [code] = account.backupCodes;
    const { browser } = await passwordStep(app, account.email, account.password);
    const used = await browser.post("/api/auth/two-factor/verify-backup-code", {
      code,
      trustDevice: true,
    });
    expect(used.status, await used.clone().text()).toBe(200);
    expect((await browser.session())?.user.email).toBe(account.email);
    const trust = [...browser.cookies.keys()].find((name) => name.includes("trust_device"));
    expect(trust).toBeDefined();

    // the trusted browser signs in with the password alone
    await browser.post("/api/auth/sign-out", {});
    const again = await browser.post("/api/auth/sign-in/email", {
      email: account.email,
      password: account.password,
    });
    expect(again.status).toBe(200);
    expect(((await again.json()) as Record<string, unknown>).twoFactorRedirect).toBeUndefined();
    expect((await browser.session())?.user.email).toBe(account.email);

    // another browser: the used backup code no longer works, the next one does
    const other = await passwordStep(app, account.email, account.password);
    const reused = await other.browser.post("/api/auth/two-factor/verify-backup-code", { code });
    expect(reused.status).toBe(401);
    const next = await other.browser.post("/api/auth/two-factor/verify-backup-code", {
      code: account.backupCodes[1],
    });
    expect(next.status).toBe(200);
  });

  it("a password reset does not skip the second factor, not even on a trusted browser", async () => {
    const account = await enrol(app);
    const trusted = await passwordStep(app, account.email, account.password);
    const ok = await trusted.browser.post("/api/auth/two-factor/verify-totp", {
      code: codeAt(account.secret),
      trustDevice: true,
    });
    expect(ok.status).toBe(200);

    // the "two-factor turned on" notice is sent first; the reset's link is the next e-mail
    await app.mailSettled();
    const before = mailsTo(app, account.email).length;
    await app.browser().post("/api/auth/request-password-reset", {
      email: account.email,
      redirectTo: "/reset-password",
    });
    const link = linkIn(
      await waitForMail(app, account.email, before + 1),
      "/api/auth/reset-password/",
    );
    const token = decodeURIComponent(link.split("/reset-password/")[1]!.split("?")[0]!);
    const newPassword = "a brand new passphrase 77";
    const reset = await app.browser().post("/api/auth/reset-password", { newPassword, token });
    expect(reset.status).toBe(200);

    const fresh = await passwordStep(app, account.email, newPassword);
    expect(fresh.body.twoFactorRedirect).toBe(true);
    expect(await fresh.browser.session()).toBeNull();
    // the browser trusted before the reset is asked again too
    const back = await trusted.browser.post("/api/auth/sign-in/email", {
      email: account.email,
      password: newPassword,
    });
    expect(((await back.json()) as Record<string, unknown>).twoFactorRedirect).toBe(true);
  });

  it("turning it off needs the password and a code", async () => {
    const account = await enrol(app);
    const noCode = await account.browser.post("/api/auth/two-factor/disable", {
      password: account.password,
      code: wrongCode(account.secret),
    });
    expect(noCode.status).toBe(401);
    const wrongPassword = await account.browser.post("/api/auth/two-factor/disable", {
      password: "not the password at all",
      code: codeAt(account.secret),
    });
    expect(wrongPassword.status).toBe(400);
    const off = await account.browser.post("/api/auth/two-factor/disable", {
      password: account.password,
      code: codeAt(account.secret),
    });
    expect(off.status, await off.clone().text()).toBe(200);
    const mail = await waitForMail(app, account.email, 3);
    expect(mail.subject).toMatch(/two-factor sign-in is off/i);
    const { body } = await passwordStep(app, account.email, account.password);
    expect(body.twoFactorRedirect).toBeUndefined();
  });

  it("the operator's reset-2fa turns it off for an account that lost everything", async () => {
    const account = await enrol(app);
    const summary = await runAdminCommand(
      app.database.db,
      { command: "reset-2fa", email: account.email.toUpperCase() },
      "free",
    );
    expect(summary.userId).toBe(account.userId);
    const { body, browser } = await passwordStep(app, account.email, account.password);
    expect(body.twoFactorRedirect).toBeUndefined();
    expect((await browser.session())?.user.email).toBe(account.email);
    await expect(
      runAdminCommand(
        app.database.db,
        { command: "reset-2fa", email: "nobody@example.test" },
        "free",
      ),
    ).rejects.toThrow(/No account/);
  });
});
