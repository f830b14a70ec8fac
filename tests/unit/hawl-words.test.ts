import { describe, expect, it } from "vitest";
import { feedEventOf } from "../../src/domain/hawl/calendar-feed.ts";
import { milestoneTitleIn, reviewTitlesIn } from "../../src/server/i18n/milestone-words.ts";
import { reminderEmail } from "../../src/server/mail/templates/reminder.ts";
import {
  feedCalendarName,
  feedEventWords,
  feedWordsIn,
} from "../../src/server/services/calendar-feed-words.ts";
import { feedCases, mailInput, reminderCases, titleCases } from "../helpers/hawl-words-cases.ts";
import golden from "./hawl-words.golden.json" with { type: "json" };

// What the server writes about milestones (titles, the calendar feed, reminder e-mails), in
// each language, word for word as before the words moved from src/domain to locales/ (issue
// 16): hawl-words.golden.json was written from the domain's word tables of that time (the
// reminder's tracker link names its workspace since issue 30).

const langs = ["en", "fr", "nl"] as const;

describe.each(langs)("server words in %s", (lang) => {
  const expected = golden[lang];

  it.each(Object.entries(titleCases))("milestone title: %s", (name, m) => {
    expect(milestoneTitleIn(m, lang)).toBe(expected.titles[name as keyof typeof expected.titles]);
  });

  it("the titles stored with generated reviews", () => {
    expect(reviewTitlesIn(lang)).toEqual(expected.reviewTitles);
  });

  it.each(Object.entries(feedCases))("calendar feed event: %s", (name, m) => {
    expect(feedEventWords(feedEventOf(m), lang)).toEqual(
      expected.feed[name as keyof typeof expected.feed],
    );
  });

  it("a whole feed's words (each sentence translated once) are the same, twice over", () => {
    const wordsOf = feedWordsIn(lang);
    for (const round of [1, 2]) {
      for (const [name, m] of Object.entries(feedCases)) {
        expect(wordsOf(feedEventOf(m)), `${name}, round ${round}`).toEqual(
          expected.feed[name as keyof typeof expected.feed],
        );
      }
    }
  });

  it("the calendar's name", () => {
    expect(feedCalendarName("Family <3>", lang)).toBe(expected.calendarName);
  });

  it.each(Object.entries(reminderCases))("reminder e-mail: %s", (name, reminders) => {
    const mail = reminderEmail({ ...mailInput, lang, reminders });
    expect({ subject: mail.subject, text: mail.text }).toEqual(
      expected.mails[name as keyof typeof expected.mails],
    );
  });
});

describe("plurals the words now have (i18next: fr singular for 0 and 1, en and nl for 1)", () => {
  const soon = (daysLeft: number) => reminderCases.dueSoon!.map((r) => ({ ...r, daysLeft }));
  it.each([
    ["en", 1, "In 1 day: Pay zakat"],
    ["en", 2, "In 2 days: Pay zakat"],
    ["fr", 1, "Dans 1 jour\u202F: Pay zakat"],
    ["fr", 0, "Dans 0 jour\u202F: Pay zakat"],
    ["fr", 2, "Dans 2 jours\u202F: Pay zakat"],
    ["nl", 1, "Over 1 dag: Pay zakat"],
    ["nl", 3, "Over 3 dagen: Pay zakat"],
  ] as const)("%s, %i days left: %s", (lang, days, subject) => {
    expect(reminderEmail({ ...mailInput, lang, reminders: soon(days) }).subject).toBe(subject);
  });
});
