import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, getSessionUser } from "../../src/server/auth/auth.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createAuthTestApp,
  goodPassword,
  signUpAndVerify,
  type AuthTestApp,
  type Browser,
} from "./auth-support.ts";

describe(`auth with the database down on ${testEngine()}`, () => {
  let app: AuthTestApp;
  let signedIn: Browser;
  beforeAll(async () => {
    app = await createAuthTestApp();
    // a real, signed session cookie from while the database was up
    signedIn = (await signUpAndVerify(app)).browser;
    await app.database.close();
  });
  afterAll(() => app.smtp.close());

  const expectUnavailable = async (response: Response) => {
    expect(response.status).toBe(503);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("UNAVAILABLE");
  };

  it("answers 503 UNAVAILABLE on every auth route and keeps serving", async () => {
    const browser = app.browser();
    await expectUnavailable(
      await browser.post("/api/auth/sign-in/email", {
        email: "a@example.test",
        password: goodPassword,
      }),
    );
    await expectUnavailable(
      await browser.post("/api/auth/sign-up/email", {
        email: "b@example.test",
        password: goodPassword,
      }),
    );
    await expectUnavailable(
      await browser.post("/api/auth/request-password-reset", {
        email: "a@example.test",
        redirectTo: "/reset-password",
      }),
    );
    await expectUnavailable(await signedIn.get("/api/auth/get-session"));
    // the session lookup of the other routes reports the outage, not "signed out"
    const auth = createAuth(app.deps);
    const cookie = [...signedIn.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const lookup = getSessionUser(auth, new Headers({ cookie }));
    await expect(lookup).rejects.toMatchObject({ code: "UNAVAILABLE", status: 503 });
    // still answering: the process did not fall over
    await expectUnavailable(
      await browser.post("/api/auth/sign-in/email", {
        email: "a@example.test",
        password: goodPassword,
      }),
    );
  });
});
