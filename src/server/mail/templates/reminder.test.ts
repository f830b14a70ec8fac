import { describe, expect, it } from "vitest";
import { plainMilestone, type Reminder } from "../../../domain/hawl/index.ts";
import { reminderEmail } from "./reminder.ts";

// The reminder e-mail (issue 15): one line per reminder in the reader's language, the
// milestone's and the workspace's names as plain one-line text (no links, escaped in HTML),
// and the one-click unsubscribe headers of RFC 8058.

const base = {
  to: "amina@example.org",
  name: "Amina",
  workspace: "Family",
  trackerUrl: "https://hawl.example/nisab",
  settingsUrl: "https://hawl.example/profile",
  unsubscribeUrl: "https://hawl.example/unsubscribe?token=abc.def",
  site: "https://hawl.example",
};

const dueSoon = (title: string): Reminder => ({
  kind: "due-soon",
  key: "due-soon:d:2026-03-16",
  date: "2026-03-16",
  daysLeft: 7,
  milestone: plainMilestone({ id: "d", date: "2026-03-16", title, type: "due" }),
});
const zakatToday: Reminder = {
  kind: "zakat-due-today",
  key: "zakat-due-today:2025-03-01:2026-02-18",
  date: "2026-02-18",
  daysLeft: 0,
  milestone: null,
};

describe("reminderEmail", () => {
  it.each([
    ["en", "In 7 days: Pay the mosque", "Monday 16 March 2026 (27 Ramadan 1447 AH)"],
    ["fr", "Dans 7 jours : Pay the mosque", "lundi 16 mars 2026 (27 ramadan 1447 AH)"],
    ["nl", "Over 7 dagen: Pay the mosque", "maandag 16 maart 2026 (27 Ramadan 1447 AH)"],
  ] as const)("speaks %s", (lang, subject, day) => {
    const mail = reminderEmail({ ...base, lang, reminders: [dueSoon("Pay the mosque")] });
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(day);
    expect(mail.headers).toEqual({
      "List-Unsubscribe": "<https://hawl.example/unsubscribe?token=abc.def>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail.text).toContain("https://hawl.example/unsubscribe?token=abc.def");
  });

  it("names several reminders in the subject by their count and workspace", () => {
    const mail = reminderEmail({
      ...base,
      lang: "en",
      reminders: [zakatToday, dueSoon("Pay the mosque")],
    });
    expect(mail.subject).toBe("2 zakat reminders for “Family”");
    expect(mail.text).toContain(
      "Today, Wednesday 18 February 2026 (1 Ramadan 1447 AH), your zakat year is complete",
    );
  });

  it("keeps hostile names plain: no link, no markup, no header break", () => {
    const mail = reminderEmail({
      ...base,
      lang: "en",
      name: "<b>Amina</b>",
      workspace: "Family <img src=x onerror=alert(1)> https://evil.example/login",
      reminders: [dueSoon("Pay\r\nBcc: victim@example.org <script>x</script> www.evil.example")],
    });
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.html).not.toContain("<script");
    expect(mail.html).not.toContain("<img");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).not.toContain("evil.example");
    expect(mail.html).not.toContain("evil.example");
  });

  it.each([
    ["Amina", "Hello Amina,"],
    ["  ", "Hello,"],
    // nothing is left once the link is taken out: greeted as the other e-mails greet it
    ["https://evil.example/login", "Hello,"],
  ])("greets %j with %j", (name, greeting) => {
    const mail = reminderEmail({ ...base, lang: "en", name, reminders: [zakatToday] });
    expect(mail.text.split("\n")[0]).toBe(greeting);
  });

  it("refuses to write an e-mail about nothing", () => {
    expect(() => reminderEmail({ ...base, lang: "en", reminders: [] })).toThrow();
  });
});
