import { expect, test, type Page } from "@playwright/test";
import { hijriEra, hijriMonthNames } from "../../src/domain/dates/hijri-months.ts";
import { localizedPath } from "../../src/web/app/route-table.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { addMilestone } from "./support/milestones.ts";
import { watchPageHealth } from "./support/page-health.ts";

// Issue 30 item 11 (decision 055): one date style per language, day, month name, year
// ("11 March 2026", "11 mars 2026", "11 maart 2026", "11 مارس 2026", "11 Mart 2026"), and one
// Hijri spelling per language, on the tracker and the dashboard; no all-numeric date anywhere on
// them. The expected texts are built here from Intl (month names, Umm al-Qura numbers) and the
// product's Hijri name and era table, not from the app's formatting code. And the reminder
// settings name the time zone ("Tokyo (heure normale du Japon)"), never the raw id "Asia/Tokyo".

const langs = ["en", "fr", "nl", "ar", "tr"] as const;
type Lang = (typeof langs)[number];
// Arabic with Western digits (decision 070)
const tags: Record<Lang, string> = {
  en: "en-US",
  fr: "fr-FR",
  nl: "nl-NL",
  ar: "ar-u-nu-latn",
  tr: "tr-TR",
};
const threshold = "2026-03-11";

/** A date written with digits only: 11/03/2026, 3/11/26, 11.03.2026. */
const numericDate = /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/;
const utc = (day: string) => new Date(`${day}T00:00:00Z`);

function gregorian(day: string, lang: Lang): string {
  const month = new Intl.DateTimeFormat(tags[lang], { timeZone: "UTC", month: "long" }).format(
    utc(day),
  );
  return `${Number(day.slice(8, 10))} ${month} ${day.slice(0, 4)}`;
}

function hijri(day: string, lang: Lang): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", {
      timeZone: "UTC",
      year: "numeric",
      month: "numeric",
      day: "numeric",
    })
      .formatToParts(utc(day))
      .map((p) => [p.type, p.value]),
  );
  const name = hijriMonthNames[lang][Number(parts.month) - 1];
  return `${Number(parts.day)} ${name} ${Number.parseInt(parts.year!)} ${hijriEra[lang]}`;
}

async function accountWithThreshold(page: Page) {
  await createSignedInAccount(page.request, { name: "Date Reader" });
  await addMilestone(page.request, {
    date: threshold,
    title: "Nisab reached",
    type: "threshold",
    today: new Date().toISOString().slice(0, 10),
  });
}

async function expectNoNumericDate(page: Page) {
  const text = await page.locator("main").innerText();
  expect(text.match(numericDate)?.[0] ?? null).toBeNull();
}

// One test per language, each with an account of its own, so a failure names its language.
for (const lang of langs) {
  test(`the tracker and the dashboard write dates as day, month name, year in ${lang}`, async ({
    page,
  }) => {
    const health = watchPageHealth(page);
    await accountWithThreshold(page);
    await page.goto(localizedPath(lang, "nisab"));
    const status = page.getByTestId("zakat-year-status");
    await expect(status.getByTestId("year-start")).toHaveText(gregorian(threshold, lang));
    await expect(status.getByTestId("year-start-hijri")).toHaveText(hijri(threshold, lang));
    const end = await status.getByTestId("year-end").locator("time").getAttribute("datetime");
    await expect(status.getByTestId("year-end")).toHaveText(gregorian(end!, lang));
    await expect(status.getByTestId("year-end-hijri")).toHaveText(hijri(end!, lang));
    const item = page.getByTestId("milestone-item").first();
    await expect(item.getByTestId("milestone-date")).toContainText(gregorian(threshold, lang));
    await expect(item.getByTestId("milestone-hijri")).toContainText(hijri(threshold, lang));
    await expectNoNumericDate(page);

    await page.goto(localizedPath(lang, "dashboard"));
    const date = page.getByTestId("nisab-card-date");
    await expect(date).toHaveText(`${gregorian(threshold, lang)} · ${hijri(threshold, lang)}`);
    await expect(page.getByTestId("nisab-card-next-due")).toHaveText(
      `${gregorian(end!, lang)} · ${hijri(end!, lang)}`,
    );
    await expectNoNumericDate(page);
    expect(health.problems, health.describe()).toEqual([]);
  });
}

test.describe("in Tokyo", () => {
  test.use({ timezoneId: "Asia/Tokyo" });

  test("the reminder settings name the time zone, not its id (fr, nl, ar, tr)", async ({
    page,
  }) => {
    await createSignedInAccount(page.request, { name: "Tokyo Reader" });
    const expected = {
      fr: /Tokyo \(heure .*Japon\)/,
      nl: /Tokyo \(Japanse .*tijd\)/,
      ar: /Tokyo \(توقيت .*اليابان/,
      tr: /Tokyo \(Japonya .*Saati\)/,
    } as const;
    for (const lang of ["fr", "nl", "ar", "tr"] as const) {
      await page.goto(localizedPath(lang, "profile"));
      const line = page.getByTestId("notification-locale");
      await expect(line).toContainText(expected[lang]);
      await expect(line).not.toContainText("Asia/Tokyo");
    }
  });
});
