import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, signInFailures, user } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createAuthTestApp,
  goodPassword,
  mailsTo,
  relaxedRateLimits,
  signUpAndVerify,
  uniqueEmail,
  waitForMail,
  type AuthTestApp,
} from "./auth-support.ts";

const tight = { window: 60, max: 2 };

async function expectTooMany(response: Response, maxSeconds: number) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toBe("RATE_LIMITED");
  return retryAfter;
}

describe(`per-IP rate limits on ${testEngine()}`, () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await createAuthTestApp({
      auth: {
        rateLimits: {
          ...relaxedRateLimits,
          signUp: tight,
          signIn: tight,
          requestPasswordReset: tight,
          resetPassword: tight,
        },
      },
      env: { TRUST_PROXY: "true" },
    });
  });
  afterAll(() => app.close());

  const from = (ip: string) => app.browser({ "x-forwarded-for": ip });

  it("limits sign-up per address; the refused request stores and sends nothing", async () => {
    const ip = "203.0.113.1";
    for (let i = 0; i < 2; i++) {
      const ok = await from(ip).post("/api/auth/sign-up/email", {
        email: uniqueEmail(),
        password: goodPassword,
      });
      expect(ok.status).toBe(200);
    }
    const email = uniqueEmail("limited");
    await expectTooMany(
      await from(ip).post("/api/auth/sign-up/email", { email, password: goodPassword }),
      60,
    );
    expect(await app.database.db.select().from(user).where(eq(user.email, email))).toHaveLength(0);

    // another client address is not affected
    const other = await from("203.0.113.2").post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: goodPassword,
    });
    expect(other.status).toBe(200);
    expect(mailsTo(app, email)).toHaveLength(0);
  });

  it("limits sign-in per address, whatever the account", async () => {
    const ip = "203.0.113.10";
    for (let i = 0; i < 2; i++) {
      const r = await from(ip).post("/api/auth/sign-in/email", {
        email: uniqueEmail(),
        password: "wrong password 1",
      });
      expect(r.status).toBe(401);
    }
    await expectTooMany(
      await from(ip).post("/api/auth/sign-in/email", {
        email: uniqueEmail(),
        password: "wrong password 1",
      }),
      60,
    );
  });

  it("limits reset requests and resets per address; a refused request sends no e-mail", async () => {
    const { email } = await signUpAndVerify(app, {
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    const ip = "203.0.113.20";
    const ask = () =>
      from(ip).post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(200);
    await waitForMail(app, email, 3);
    await expectTooMany(await ask(), 60);

    const reset = () =>
      from(ip).post("/api/auth/reset-password", { newPassword: goodPassword, token: "nope" });
    expect((await reset()).status).toBe(400);
    expect((await reset()).status).toBe(400);
    await expectTooMany(await reset(), 60);
    // the third request for a link was refused before anything was sent
    expect(mailsTo(app, email)).toHaveLength(3);
  });

  // Every page load asks get-session: a household or an office behind one address must never
  // meet a limit there, while the other auth paths keep the default one.
  it("never limits get-session, signed in or not; other paths keep the default limit", async () => {
    const small = await createAuthTestApp({
      auth: { rateLimits: { ...relaxedRateLimits, default: tight } },
      env: { TRUST_PROXY: "true" },
    });
    try {
      const ip = "203.0.113.30";
      const { browser: signedIn } = await signUpAndVerify(small, {
        headers: { "x-forwarded-for": ip },
      });
      for (let i = 0; i < 6; i++) {
        const visitor = await small.browser({ "x-forwarded-for": ip }).get("/api/auth/get-session");
        expect(visitor.status).toBe(200);
        const member = await signedIn.get("/api/auth/get-session");
        expect(member.status).toBe(200);
        expect(((await member.json()) as { user?: unknown } | null)?.user).toBeTruthy();
      }
      // (sign-up used this address's verify-email once already)
      const verify = () =>
        small
          .browser({ "x-forwarded-for": "203.0.113.31" })
          .get("/api/auth/verify-email?token=not-a-token");
      expect((await verify()).status).not.toBe(429);
      expect((await verify()).status).not.toBe(429);
      await expectTooMany(await verify(), 60);
    } finally {
      await small.close();
    }
  });

  it("ignores X-Forwarded-For unless TRUST_PROXY is set", async () => {
    const direct = await createAuthTestApp({
      auth: { rateLimits: { ...relaxedRateLimits, signIn: tight } },
    });
    try {
      const attempt = (ip: string) =>
        direct
          .browser({ "x-forwarded-for": ip })
          .post("/api/auth/sign-in/email", { email: uniqueEmail(), password: "wrong password 1" });
      expect((await attempt("192.0.2.1")).status).toBe(401);
      expect((await attempt("192.0.2.2")).status).toBe(401);
      await expectTooMany(await attempt("192.0.2.3"), 60);
      // nor can a client name its own address through the header authRoutes fills in
      const spoofed = await direct
        .browser({ "x-hawl-client-ip": "192.0.2.99" })
        .post("/api/auth/sign-in/email", { email: uniqueEmail(), password: "wrong password 1" });
      await expectTooMany(spoofed, 60);
    } finally {
      await direct.close();
    }
  });
});

describe(`failed sign-ins per account on ${testEngine()}`, () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    // every attempt from its own address: the per-IP limit stays out of the way
    app = await createAuthTestApp({ env: { TRUST_PROXY: "true" } });
  });
  afterAll(() => app.close());

  // 100 password checks (argon2, slow on purpose): 24–30 s on 2 cores at load 15, past the 30 s
  // default twice; the timeout only guards against a hang
  it("refuses the 101st attempt within the hour, even with the right password", async () => {
    const { email, password } = await signUpAndVerify(app, {
      headers: { "x-forwarded-for": "198.51.100.1" },
    });
    const attempt = (n: number, pw: string, address = email) =>
      app
        .browser({ "x-forwarded-for": `10.${Math.floor(n / 250)}.${n % 250}.1` })
        .post("/api/auth/sign-in/email", { email: address, password: pw });

    for (let i = 0; i < 100; i++) {
      const r = await attempt(i, `wrong password ${i}`);
      expect(r.status).toBe(401);
    }
    const sessionsBefore = await app.database.db.select().from(session);
    // the same address in another case is the same account
    const blocked = await attempt(100, password, email.toUpperCase());
    const retryAfter = await expectTooMany(blocked, 3600);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(blocked.headers.getSetCookie()).toHaveLength(0);
    expect(await app.database.db.select().from(session)).toHaveLength(sessionsBefore.length);

    // another account is not affected
    const other = await signUpAndVerify(app, { headers: { "x-forwarded-for": "198.51.100.2" } });
    expect(
      (
        await app
          .browser({ "x-forwarded-for": "198.51.100.3" })
          .post("/api/auth/sign-in/email", { email: other.email, password: other.password })
      ).status,
    ).toBe(200);

    // an hour later the account signs in again
    app.setNow(new Date(Date.now() + 3601_000));
    try {
      expect((await attempt(101, password)).status).toBe(200);
      const wrongAgain = await attempt(102, "wrong again 1");
      expect(wrongAgain.status).toBe(401);
      const [row] = await app.database.db
        .select()
        .from(signInFailures)
        .where(eq(signInFailures.email, email.toLowerCase()));
      expect(row?.count).toBe(1);
    } finally {
      app.setNow(null);
    }
  }, 120_000);

  it("counts unknown addresses the same way, so the limit reveals nothing", async () => {
    const small = await createAuthTestApp({
      auth: {
        rateLimits: relaxedRateLimits,
        signInFailures: { account: { max: 3, windowSeconds: 3600 } },
      },
    });
    try {
      const known = await signUpAndVerify(small);
      const unknown = uniqueEmail("nobody");
      for (const address of [known.email, unknown]) {
        for (let i = 0; i < 3; i++) {
          const r = await small
            .browser()
            .post("/api/auth/sign-in/email", { email: address, password: "wrong password 1" });
          expect(r.status).toBe(401);
        }
        const r = await small
          .browser()
          .post("/api/auth/sign-in/email", { email: address, password: known.password });
        await expectTooMany(r, 3600);
      }
    } finally {
      await small.close();
    }
  });
});

// Issue 10, defect 5: a stranger's wrong passwords from rotating addresses used to lock the
// owner out for an hour. OWASP device cookies (decision 004): a browser that signed in before
// is held only by its own limit; others by the per-(account, address) limit and the account's.
describe(`sign-in lockout spares the owner's browser on ${testEngine()}`, () => {
  let app: AuthTestApp;
  const limits = {
    account: { max: 6, windowSeconds: 3600 },
    accountAddress: { max: 3, windowSeconds: 3600 },
    device: { max: 3, windowSeconds: 3600 },
  };
  beforeAll(async () => {
    app = await createAuthTestApp({
      auth: { rateLimits: relaxedRateLimits, signInFailures: limits },
      env: { TRUST_PROXY: "true" },
    });
  });
  afterAll(() => app.close());

  let counter = 0;
  const stranger = () => {
    counter += 1;
    return app.browser({ "x-forwarded-for": `10.9.${Math.floor(counter / 250)}.${counter % 250}` });
  };

  /** A verified account and the owner's browser, signed in once then signed out. */
  async function ownerWithDevice() {
    const owner = await signUpAndVerify(app, { headers: { "x-forwarded-for": "198.51.100.10" } });
    const signIn = await owner.browser.post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("hawl.device="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    // the whole of /api/auth: the code step of two-factor sign-in reads it too (decision 071)
    expect(cookie).toMatch(/Path=\/api\/auth;/i);
    expect(Number(/Max-Age=(\d+)/i.exec(cookie!)![1])).toBeGreaterThan(30 * 24 * 3600);
    expect((await owner.browser.post("/api/auth/sign-out", {})).status).toBe(200);
    expect(owner.browser.cookies.has("hawl.device")).toBe(true);
    return owner;
  }

  it("strangers' guesses from rotating addresses lock others out, never the owner's browser", async () => {
    const owner = await ownerWithDevice();
    for (let i = 0; i < limits.account.max; i++) {
      const guess = await stranger().post("/api/auth/sign-in/email", {
        email: owner.email,
        password: `wrong password ${i}`,
      });
      expect(guess.status).toBe(401);
    }
    // the account is locked for every browser without the device cookie, right password or not
    const elsewhere = await stranger().post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    await expectTooMany(elsewhere, 3600);
    // the owner's browser signs in
    const own = await owner.browser.post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(own.status).toBe(200);
    expect((await owner.browser.session())?.user.email).toBe(owner.email);
  });

  it("a trusted browser has its own limit, which does not count against the account", async () => {
    const owner = await ownerWithDevice();
    for (let i = 0; i < limits.device.max; i++) {
      const wrong = await owner.browser.post("/api/auth/sign-in/email", {
        email: owner.email,
        password: `wrong password ${i}`,
      });
      expect(wrong.status).toBe(401);
    }
    await expectTooMany(
      await owner.browser.post("/api/auth/sign-in/email", {
        email: owner.email,
        password: owner.password,
      }),
      3600,
    );
    const accountRow = await app.database.db
      .select()
      .from(signInFailures)
      .where(eq(signInFailures.email, owner.email.toLowerCase()));
    expect(accountRow).toHaveLength(0);
    expect(
      (
        await stranger().post("/api/auth/sign-in/email", {
          email: owner.email,
          password: owner.password,
        })
      ).status,
    ).toBe(200);
  });

  it("limits one address per account before the account itself", async () => {
    const owner = await signUpAndVerify(app, { headers: { "x-forwarded-for": "198.51.100.11" } });
    const from = (ip: string) => app.browser({ "x-forwarded-for": ip });
    for (let i = 0; i < limits.accountAddress.max; i++) {
      const wrong = await from("203.0.113.50").post("/api/auth/sign-in/email", {
        email: owner.email,
        password: `wrong password ${i}`,
      });
      expect(wrong.status).toBe(401);
    }
    const sameAddress = await from("203.0.113.50").post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    await expectTooMany(sameAddress, 3600);
    // from another address the account is still below its own limit
    const other = await from("203.0.113.51").post("/api/auth/sign-in/email", {
      email: owner.email,
      password: owner.password,
    });
    expect(other.status).toBe(200);
  });

  it("a device cookie of another account, or a forged one, is not trusted", async () => {
    const victim = await signUpAndVerify(app, { headers: { "x-forwarded-for": "198.51.100.12" } });
    const attacker = await ownerWithDevice();
    const theirCookie = attacker.browser.cookies.get("hawl.device")!;
    for (let i = 0; i < limits.account.max; i++) {
      await stranger().post("/api/auth/sign-in/email", {
        email: victim.email,
        password: `wrong password ${i}`,
      });
    }
    const [tag, id, mac] = theirCookie.split(".").slice(1);
    for (const value of [theirCookie, `v1.${tag}.${id}.${mac!.slice(1)}x`]) {
      const browser = stranger();
      browser.cookies.set("hawl.device", value);
      await expectTooMany(
        await browser.post("/api/auth/sign-in/email", {
          email: victim.email,
          password: victim.password,
        }),
        3600,
      );
    }
  });

  it("a completed password reset lifts the account's lockout", async () => {
    const owner = await signUpAndVerify(app, { headers: { "x-forwarded-for": "198.51.100.13" } });
    for (let i = 0; i < limits.account.max; i++) {
      await stranger().post("/api/auth/sign-in/email", {
        email: owner.email,
        password: `wrong password ${i}`,
      });
    }
    await expectTooMany(
      await stranger().post("/api/auth/sign-in/email", {
        email: owner.email,
        password: owner.password,
      }),
      3600,
    );
    await stranger().post("/api/auth/request-password-reset", {
      email: owner.email,
      redirectTo: "/reset-password",
    });
    const mail = await waitForMail(app, owner.email, 2);
    const link = /\/api\/auth\/reset-password\/([^?\s]+)/.exec(mail.text)![1]!;
    const newPassword = "a fresh start passphrase 88";
    expect(
      (
        await stranger().post("/api/auth/reset-password", {
          newPassword,
          token: decodeURIComponent(link),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await stranger().post("/api/auth/sign-in/email", {
          email: owner.email,
          password: newPassword,
        })
      ).status,
    ).toBe(200);
  });
});
