import { describe, expect, it } from "vitest";
import { feedCalendarName, feedEventOf } from "../../src/domain/hawl/calendar-feed.ts";
import { milestoneTitle, reviewTitles } from "../../src/domain/hawl/index.ts";
import { reminderEmail } from "../../src/server/mail/templates/reminder.ts";
import { feedCases, mailInput, reminderCases, titleCases } from "../helpers/hawl-words-cases.ts";
import golden from "./hawl-words.golden.json" with { type: "json" };

// What the server writes about milestones (titles, the calendar feed, reminder e-mails), in
// each language, word for word as before the words moved from src/domain to locales/ (issue
// 16): hawl-words.golden.json was written from the domain's word tables of that time.

const langs = ["en", "fr", "nl"] as const;

describe.each(langs)("server words in %s", (lang) => {
  const expected = golden[lang];

  it.each(Object.entries(titleCases))("milestone title: %s", (name, m) => {
    expect(milestoneTitle(m, lang)).toBe(expected.titles[name as keyof typeof expected.titles]);
  });

  it("the titles stored with generated reviews", () => {
    expect(reviewTitles[lang]).toEqual(expected.reviewTitles);
  });

  it.each(Object.entries(feedCases))("calendar feed event: %s", (name, m) => {
    const { summary, description, alarms } = feedEventOf(m, lang);
    expect({ summary, description, alarms }).toEqual(
      expected.feed[name as keyof typeof expected.feed],
    );
  });

  it("the calendar's name", () => {
    expect(feedCalendarName("Family <3>")).toBe(expected.calendarName);
  });

  it.each(Object.entries(reminderCases))("reminder e-mail: %s", (name, reminders) => {
    const mail = reminderEmail({ ...mailInput, lang, reminders });
    expect({ subject: mail.subject, text: mail.text }).toEqual(
      expected.mails[name as keyof typeof expected.mails],
    );
  });
});
