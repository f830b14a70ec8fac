import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/database.ts";
import { createSiblingApp, createTestApp, type TestApp } from "../helpers/test-app.ts";

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

  it("says where mail goes when SMTP is configured", async () => {
    const smtpApp = createSiblingApp(devApp, { NODE_ENV: "development" });
    expect(await (await smtpApp.request("/dev/outbox")).text()).toMatch(/SMTP_URL is set/);
  });
});
