import { afterAll, beforeAll, describe, expect, it } from "vitest";
import en from "../../locales/en/email.json" with { type: "json" };
import fr from "../../locales/fr/email.json" with { type: "json" };
import nl from "../../locales/nl/email.json" with { type: "json" };
import { mailLanguages } from "../../src/server/auth/language.ts";
import { passwordResetEmail } from "../../src/server/mail/templates/password-reset.ts";
import { escapeHtml } from "../../src/server/mail/templates/render.ts";
import { verificationEmail } from "../../src/server/mail/templates/verification.ts";
import { testEngine } from "../helpers/database.ts";
import {
  createAuthTestApp,
  goodPassword,
  relaxedRateLimits,
  uniqueEmail,
  waitForMail,
  type AuthTestApp,
} from "./auth-support.ts";

const hostile = `<script>alert("x")</script> & 'Ali' <img src=x onerror=alert(1)>`;
const url = "http://localhost:3000/api/auth/verify-email?token=a.b.c&callbackURL=%2Fverify-email";

function keysOf(value: unknown, prefix = ""): string[] {
  if (!value || typeof value !== "object") return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

describe("e-mail templates", () => {
  it("have the same keys in en, fr and nl", () => {
    // plural forms differ by language (French has `_many`): compare the keys they belong to
    const keys = (catalog: unknown) => [
      ...new Set(keysOf(catalog).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ""))),
    ];
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    expect(keys(nl).sort()).toEqual(keys(en).sort());
  });

  it.each(mailLanguages)("escape every interpolated value in %s", (lang) => {
    const messages = [
      verificationEmail({
        lang,
        to: "a@example.test",
        name: hostile,
        url,
        expiresInHours: 24,
        site: "http://localhost:3000",
      }),
      passwordResetEmail({
        lang,
        to: "a@example.test",
        name: hostile,
        url,
        site: "http://localhost:3000",
      }),
    ];
    for (const message of messages) {
      expect(message.html).not.toContain("<script");
      expect(message.html).not.toContain("<img");
      expect(message.html).toContain(escapeHtml(hostile));
      expect(message.html).toContain(`href="${escapeHtml(url)}"`);
      // the text part is plain text: the name as given, the link intact
      expect(message.text).toContain(hostile);
      expect(message.text).toContain(url);
      expect(message.subject).not.toMatch(/[\r\n]/);
    }
  });

  it("escape a site address in the footer too", () => {
    const message = verificationEmail({
      lang: "en",
      to: "a@example.test",
      name: "",
      url,
      expiresInHours: 24,
      site: `http://x"><b>`,
    });
    expect(message.html).not.toContain(`"><b>`);
    expect(message.html).toContain("Hello,");
  });
});

describe(`e-mail as sent on ${testEngine()}`, () => {
  let app: AuthTestApp;
  beforeAll(async () => {
    app = await createAuthTestApp({ auth: { rateLimits: relaxedRateLimits } });
  });
  afterAll(() => app.close());

  it("carries a hostile sign-up name escaped in HTML", async () => {
    const email = uniqueEmail();
    const response = await app
      .browser()
      .post("/api/auth/sign-up/email", { email, password: goodPassword, name: hostile });
    expect(response.status).toBe(200);
    const mail = await waitForMail(app, email);
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(mail.text).toContain(hostile);
    const raw = app.smtp.messages.find((m) => m.to.includes(email))!;
    expect(raw.from).toBe("no-reply@hawl.localhost");
  });

  it("refuses a name longer than 200 characters", async () => {
    const response = await app.browser().post("/api/auth/sign-up/email", {
      email: uniqueEmail(),
      password: goodPassword,
      name: "n".repeat(201),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { code: string }).code).toBe("NAME_TOO_LONG");
  });
});
