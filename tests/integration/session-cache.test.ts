import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, workspaceMembers } from "../../src/server/db/schema.ts";
import { testEngine } from "../helpers/database.ts";
import {
  Browser,
  createAuthTestApp,
  linkIn,
  relaxedRateLimits,
  signUpAndVerify,
  waitForMail,
  type AuthTestApp,
} from "./auth-support.ts";

// The session cookie cache (decision 018): a signed session is trusted without a database read
// for `window` seconds; sign-out, a password reset and account deletion end every copy of the
// old cookies within that window at most, and removal from a workspace at once (membership is
// part of each data query). Production's window is 30 s; this app's is 2 s. The tests run at
// once (each with an account of its own, none moving the app's clock): most of their time is
// waiting for the window to pass, which they do together.

const window = 2;
const afterWindow = () => new Promise((resolve) => setTimeout(resolve, window * 1000 + 600));

describe.concurrent(`session cookie cache on ${testEngine()}`, () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await createAuthTestApp({
      auth: { rateLimits: relaxedRateLimits, sessionCacheSeconds: window },
    });
  });
  afterAll(() => app.close());

  /** A fresh sign-in in a new browser, and a second browser holding a copy of its cookies. */
  async function signedInTwice(email: string, password: string) {
    const browser = app.browser();
    const signIn = await browser.post("/api/auth/sign-in/email", { email, password });
    expect(signIn.status).toBe(200);
    expect([...browser.cookies.keys()]).toContain("hawl.session_data");
    const copy = new Browser(app.request);
    for (const [name, value] of browser.cookies) copy.cookies.set(name, value);
    return { browser, copy };
  }

  it("ends a signed-out session: at once where it signed out, within the window for a copy", async () => {
    const { email, password } = await signUpAndVerify(app);
    const { browser, copy } = await signedInTwice(email, password);
    const signedOutAt = Date.now();
    expect((await browser.post("/api/auth/sign-out", {})).status).toBe(200);
    expect((await browser.get("/api/me")).status).toBe(401);
    // the copy still carries a signed, unexpired cache: no database read, so it still passes
    // (what the window allows); only checked while the window surely lasts
    const copied = await copy.get("/api/me");
    if (Date.now() - signedOutAt < (window * 1000) / 2) expect(copied.status).toBe(200);
    await afterWindow();
    expect((await copy.get("/api/me")).status).toBe(401);
    expect(await copy.session()).toBeNull();
  });

  it("ends every session of an account whose password was reset within the window", async () => {
    const { email, password } = await signUpAndVerify(app);
    const { copy: otherDevice } = await signedInTwice(email, password);
    expect((await otherDevice.get("/api/me")).status).toBe(200);
    const asked = await app
      .browser()
      .post("/api/auth/request-password-reset", { email, redirectTo: "/reset-password" });
    expect(asked.status).toBe(200);
    const link = linkIn(await waitForMail(app, email, 2), "/api/auth/reset-password/");
    const landing = await app.browser().get(link);
    const token = new URL(landing.headers.get("location")!, "http://x").searchParams.get("token");
    const reset = await app
      .browser()
      .post("/api/auth/reset-password", { newPassword: "a brand new passphrase 77", token });
    expect(reset.status).toBe(200);
    await afterWindow();
    expect((await otherDevice.get("/api/me")).status).toBe(401);
    expect(await otherDevice.session()).toBeNull();
  });

  it("re-signs a live session's cache after the window, from the database", async () => {
    const { email, password } = await signUpAndVerify(app);
    const { browser } = await signedInTwice(email, password);
    const before = browser.cookies.get("hawl.session_data");
    await afterWindow();
    const me = await browser.get("/api/me");
    expect(me.status).toBe(200);
    expect(me.headers.getSetCookie().some((c) => c.startsWith("hawl.session_data="))).toBe(true);
    expect(browser.cookies.get("hawl.session_data")).not.toBe(before);
    expect((await browser.get("/api/me")).status).toBe(200);
  });

  it("reads a client's old cookies from the database once per window, not on every request", async () => {
    // a client that never stores the re-signed cache (a script, a benchmark): after the window
    // its first request reads the session; the next ones within the new window do not (a
    // session ended meanwhile still passes, as a fresh cache cookie would), and after that
    // window the database is asked again
    const { email, password, userId } = await signUpAndVerify(app);
    const { browser } = await signedInTwice(email, password);
    const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
    const me = () => app.request("/api/me", { headers: { cookie } });
    await afterWindow();
    const readAt = Date.now();
    const read = await me();
    expect(read.status).toBe(200);
    expect(read.headers.getSetCookie().some((c) => c.startsWith("hawl.session_data="))).toBe(true);
    await app.database.db.delete(session).where(eq(session.userId, userId));
    const again = await me();
    if (Date.now() - readAt < (window * 1000) / 2) expect(again.status).toBe(200);
    await afterWindow();
    expect((await me()).status).toBe(401);
  });

  it("refuses a member removed from a workspace at once, whatever the cache says", async () => {
    const { email, password, userId } = await signUpAndVerify(app);
    const { browser } = await signedInTwice(email, password);
    const list = (await (await browser.get("/api/workspaces")).json()) as { id: string }[];
    const workspaceId = list[0]!.id;
    const history = `/api/workspaces/${workspaceId}/calculations`;
    expect((await browser.get(history)).status).toBe(200);
    await app.database.db
      .delete(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)),
      );
    expect((await browser.get(history)).status).toBe(404);
  });

  it("ends a deleted account's session within the window, its data at once", async () => {
    const { email, password } = await signUpAndVerify(app);
    const { browser, copy } = await signedInTwice(email, password);
    const deleted = await browser.request("/api/me", {
      method: "DELETE",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ password }),
    });
    expect(deleted.status).toBe(204);
    // the account's data is gone: its profile answers 401 even through a cached session
    expect((await copy.get("/api/me")).status).toBe(401);
    await afterWindow();
    expect(await copy.session()).toBeNull();
  });
});
