import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/database.ts";
import { createSiblingApp, createTestApp, type TestApp } from "../helpers/test-app.ts";

async function outboxHolds(app: TestApp, count: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while ((app.mailer.outbox()?.length ?? 0) < count) {
    if (Date.now() > deadline) throw new Error(`the outbox did not reach ${count} message(s)`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`/dev/outbox on ${testEngine()}`, () => {
  let devApp: TestApp;

  beforeAll(async () => {
    // no SMTP_URL: the mailer keeps messages for the page
    devApp = await createTestApp({ NODE_ENV: "development", SMTP_URL: "" });
  });
  afterAll(() => devApp.close());

  it("lists kept messages, escaped, with clickable links", async () => {
    const empty = await devApp.request("/dev/outbox");
    expect(empty.status).toBe(200);
    expect(await empty.text()).toMatch(/No e-mail yet/);

    await devApp.mailer.send({
      to: "newcomer@example.test",
      subject: "Verify <b>your</b> e-mail",
      html: "<p>ignored</p>",
      text: 'Open http://localhost:3000/api/auth/verify-email?token=t0k&callbackURL=%2Fverify-email to verify. <script>alert("x")</script>',
    });
    // the mailer queues it (a job); the app's worker puts it in the outbox a moment later
    await outboxHolds(devApp, 1);
    const response = await devApp.request("/dev/outbox");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    expect(html).toContain("Verify &lt;b&gt;your&lt;/b&gt; e-mail");
    expect(html).toContain("newcomer@example.test");
    expect(html).toContain(
      '<a href="http://localhost:3000/api/auth/verify-email?token=t0k&amp;callbackURL=%2Fverify-email">',
    );
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;");
  });

  it("does not exist in production", async () => {
    const production = createSiblingApp(devApp, {
      NODE_ENV: "production",
      SMTP_URL: "",
      WEB_DIR: "./no-such-web-build",
    });
    const response = await production.request("/dev/outbox");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toMatch(/outbox/i);
  });

  it("does not exist when SMTP is configured", async () => {
    const smtpApp = createSiblingApp(devApp, { NODE_ENV: "development" });
    const response = await smtpApp.request("/dev/outbox");
    expect(response.status).toBe(404);
    expect(await response.text()).not.toMatch(/outbox/i);
  });

  it("does not exist on a server others can reach, unless DEV_OUTBOX=1", async () => {
    // The page hands out verification and reset links: served on 0.0.0.0 (a container, a LAN)
    // it would give anyone there every account that signs up or resets.
    await devApp.mailer.send({
      to: "victim@example.test",
      subject: "Reset your password",
      html: "<p>ignored</p>",
      text: "Open http://localhost:3000/api/auth/reset-password/secret-token to reset.",
    });
    await outboxHolds(devApp, 2);
    for (const HOST of ["0.0.0.0", "::", "192.168.1.20", "hawl.example.org"]) {
      const exposed = createSiblingApp(devApp, { NODE_ENV: "development", SMTP_URL: "", HOST });
      const response = await exposed.request("/dev/outbox");
      expect(response.status, HOST).toBe(404);
      expect(await response.text()).not.toContain("secret-token");
    }
    for (const HOST of ["127.0.0.1", "::1", "localhost", "127.0.0.2"]) {
      const local = createSiblingApp(devApp, { NODE_ENV: "development", SMTP_URL: "", HOST });
      expect((await local.request("/dev/outbox")).status, HOST).toBe(200);
    }
    // behind a proxy on this machine, the socket is loopback but the client is not (issue 28)
    const local = createSiblingApp(devApp, { NODE_ENV: "development", SMTP_URL: "" });
    for (const forwarded of [
      { "X-Forwarded-For": "203.0.113.7" } as Record<string, string>,
      { "X-Forwarded-For": "127.0.0.1" },
      { Forwarded: "for=203.0.113.7;proto=https" },
      { "X-Real-IP": "203.0.113.7" },
      { "X-Forwarded-Host": "hawl.example.org" },
      { Via: "1.1 caddy" },
    ]) {
      const response = await local.request("/dev/outbox", { headers: forwarded });
      expect(response.status, JSON.stringify(forwarded)).toBe(404);
      expect(await response.text()).not.toContain("secret-token");
    }
    const optedIn = createSiblingApp(devApp, {
      NODE_ENV: "development",
      SMTP_URL: "",
      HOST: "0.0.0.0",
      DEV_OUTBOX: "1",
    });
    expect((await optedIn.request("/dev/outbox")).status).toBe(200);
    // DEV_OUTBOX=1 says whoever reaches the server may see it: through a proxy too
    const forwardedOptIn = await optedIn.request("/dev/outbox", {
      headers: { "X-Forwarded-For": "203.0.113.7" },
    });
    expect(forwardedOptIn.status).toBe(200);
    // never with SMTP or in production, whatever DEV_OUTBOX says
    const smtpOptedIn = createSiblingApp(devApp, { NODE_ENV: "development", DEV_OUTBOX: "1" });
    expect((await smtpOptedIn.request("/dev/outbox")).status).toBe(404);
  });
});
