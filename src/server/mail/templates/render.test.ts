import { describe, expect, it } from "vitest";
import { invitationEmail } from "./invitation.ts";
import { passwordResetEmail } from "./password-reset.ts";
import { mailName, mailValues } from "./render.ts";
import { verificationEmail } from "./verification.ts";

// Issue 10, defect 11: names chosen by whoever signs up or names a workspace reached e-mails
// as they were, links and control characters included.

describe("mailName", () => {
  it.each([
    ["Amina Diallo", "Amina Diallo"],
    ["  Amina\n\tDiallo  ", "Amina Diallo"],
    ["عائلة أحمد", "عائلة أحمد"],
    ["👨‍👩‍👧 family", "👨‍👩‍👧 family"],
    ["J. R. R. Tolkien", "J. R. R. Tolkien"],
    ["amina@example.org", "amina@example.org"],
    ["Amina (amina.diallo@example.org)", "Amina (amina.diallo@example.org)"],
    ["Win a prize at https://evil.example/claim now", "Win a prize at now"],
    ["Visit HTTP://EVIL.EXAMPLE", "Visit"],
    ["go to www.evil.example today", "go to today"],
    ["evil.example/login?x=1 urgent", "urgent"],
    ["Support team paypal.com", "Support team"],
    ["click javascript:alert(1)", "click"],
    ["bidi\u202etxt.exe\u202c name", "name"], // txt.exe reads as a domain
    ["a\u0000b\u0007c\u001bd\u007fe\u0085f", "abcdef"],
    ["zero\u200bwidth\ufeff", "zerowidth"],
    ["lone \ud800 surrogate", "lone surrogate"],
    ["https://only.example", ""],
  ])("%j → %j", (value, expected) => {
    expect(mailName(value)).toBe(expected);
  });

  it("makes every inserted value a name, but Hawl's own links and numbers", () => {
    expect(
      mailValues({ name: "x https://evil.example y", site: "https://hawl.example", days: 7 }),
    ).toEqual({ name: "x y", site: "https://hawl.example", days: 7 });
  });
});

describe("e-mails carry no link or control character from a name", () => {
  const hostile = "Prize\u0000 at https://evil.example/claim\u202e and www.evil.example";
  const messages = [
    verificationEmail({
      lang: "en",
      to: "a@example.test",
      name: hostile,
      url: "https://hawl.example/api/auth/verify-email?token=t",
      expiresInHours: 24,
      site: "https://hawl.example",
    }),
    passwordResetEmail({
      lang: "fr",
      to: "a@example.test",
      name: hostile,
      url: "https://hawl.example/reset-password?token=t",
      site: "https://hawl.example",
    }),
    invitationEmail({
      lang: "nl",
      to: "b@example.test",
      inviter: { name: hostile, email: "owner@example.test" },
      workspace: `Family ${hostile}`,
      role: "member",
      url: "https://hawl.example/accept-invitation?token=t",
      site: "https://hawl.example",
      validDays: 7,
    }),
  ];

  it.each(messages.map((m, i) => [i, m] as const))("message %i", (_i, message) => {
    for (const part of [message.text, message.html, message.subject]) {
      expect(part).not.toContain("evil.example");
      expect(part).not.toContain("\u0000");
      expect(part).not.toContain("\u202e");
    }
    expect(message.text).toContain("Prize at and");
    expect(message.text).toContain("https://hawl.example");
  });
});

describe("direction", () => {
  const mail = (lang: "ar" | "tr") =>
    passwordResetEmail({
      lang,
      to: "a@example.test",
      name: "Amina",
      url: "https://hawl.example/reset-password?token=t",
      site: "https://hawl.example",
    });

  it("writes an Arabic e-mail right to left, its spelled-out link left to right", () => {
    const { html } = mail("ar");
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<body dir="rtl"');
    expect(html).toMatch(/<table role="presentation" dir="rtl"[^>]*text-align:right/);
    expect(html).toMatch(/<p dir="ltr"[^>]*><a href="https:\/\/hawl\.example\/reset-password/);
  });

  it("writes a Turkish e-mail left to right", () => {
    expect(mail("tr").html).toContain('<html lang="tr" dir="ltr">');
  });
});

describe("the text part's line before the link (issue 30: French spaces its colon)", () => {
  it.each([
    ["en", "Confirm my e-mail address:"],
    ["fr", "Confirmer mon adresse e-mail\u202F:"],
    ["nl", "Mijn e-mailadres bevestigen:"],
  ] as const)("%s: %s", (lang, line) => {
    const { text } = verificationEmail({
      lang,
      to: "a@example.test",
      name: "Amina",
      url: "https://hawl.example/api/auth/verify-email?token=t",
      expiresInHours: 24,
      site: "https://hawl.example",
    });
    expect(text).toContain(`\n${line}\nhttps://hawl.example/api/auth/verify-email?token=t\n`);
  });
});
