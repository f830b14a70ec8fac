import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { hijriMonthNames } from "../../src/domain/dates/hijri-months.ts";
import { localizedPath } from "../../src/web/app/route-table.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { exactly, t as text, type Lang } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";

// A signed-in person records on /nisab the day their wealth reached the nisab (congratulations,
// the year runs, due one Umm al-Qura year later), then a dip below it (the later reviews are
// cancelled, the year pauses), then nisab again (a new year starts), all with the keyboard in
// the date picker, in English and in French. Dates are relative to today in the browser's time
// zone (the server runs on the real clock); the expected Hijri dates come from Intl here, not
// from the app's domain code.

const artifacts = path.resolve(import.meta.dirname, "artifacts");
const timeZone = "Europe/Amsterdam"; // playwright.config.ts `timezoneId`
const msPerDay = 86_400_000;

const dayOf = (instant: Date) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(instant)
    .slice(0, 10);
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) =>
  new Date(utc(day).getTime() + n * msPerDay).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, "0");
/** Intl's no-break and narrow no-break spaces as plain spaces. */
const spaces = (s: string) => s.replace(/[\s\u00A0\u202F]+/g, " ").trim();

const hijriNumeric = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", {
  timeZone: "UTC",
  year: "numeric",
  month: "numeric",
  day: "numeric",
});
function hijri(day: string) {
  const parts = Object.fromEntries(
    hijriNumeric.formatToParts(utc(day)).map((p) => [p.type, p.value]),
  );
  return { year: Number.parseInt(parts.year!), month: Number(parts.month), day: Number(parts.day) };
}
function era(lang: Lang): string {
  return (
    new Intl.DateTimeFormat(`${lang}-u-ca-islamic-umalqura`, {
      timeZone: "UTC",
      year: "numeric",
      era: "short",
    })
      .formatToParts(utc("2024-01-01"))
      .find((p) => p.type === "era")?.value ?? "AH"
  );
}

/** `days` ago, moved earlier while its Hijri day is the 30th (no clamping to reason about). */
function daysAgo(today: string, days: number): string {
  let day = addDays(today, -days);
  while (hijri(day).day === 30) day = addDays(day, -1);
  return day;
}

/** The same Hijri day one year later, found by asking Intl about the days around 354 later. */
function oneHijriYearLater(day: string): string {
  const h = hijri(day);
  for (let n = 350; n <= 360; n++) {
    const candidate = addDays(day, n);
    const c = hijri(candidate);
    if (c.year === h.year + 1 && c.month === h.month && c.day === h.day) return candidate;
  }
  throw new Error(`no Hijri year after ${day}`);
}

/** "11 March 2026", "11 mars 2026": day, Intl's month name, year (decision 055). */
const longDate = (day: string, lang: Lang) =>
  `${Number(day.slice(8, 10))} ${new Intl.DateTimeFormat(lang === "en" ? "en-US" : "fr-FR", {
    timeZone: "UTC",
    month: "long",
  }).format(utc(day))} ${day.slice(0, 4)}`;

/**
 * Opens the card's date picker, which opens on `from` (the day picked before, or today), walks
 * to `day` with the arrow keys, and picks it with Enter.
 */
async function pickWithKeyboard(page: Page, from: string, day: string, lang: Lang) {
  const card = page.getByTestId("threshold-card");
  await card.getByTestId("date-picker-trigger").click();
  const grid = page.getByRole("grid");
  await expect(grid).toBeVisible();
  await expect(page.locator(`[data-day="${from}"]`)).toBeFocused();
  const diff = Math.round((utc(day).getTime() - utc(from).getTime()) / msPerDay);
  const [week, oneDay] = diff < 0 ? ["ArrowUp", "ArrowLeft"] : ["ArrowDown", "ArrowRight"];
  for (let i = 0; i < Math.floor(Math.abs(diff) / 7); i++) await page.keyboard.press(week);
  for (let i = 0; i < Math.abs(diff) % 7; i++) await page.keyboard.press(oneDay);
  await expect(page.locator(`[data-day="${day}"]`)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(grid).toBeHidden();
  await expect(card.getByTestId("date-picker-trigger")).toBeFocused();
  await expect(card.getByTestId("date-picker-value")).toHaveText(longDate(day, lang));
}

async function timelineViaApi(page: Page) {
  const list = workspaceListSchema.parse(await (await page.request.get("/api/workspaces")).json());
  const response = await page.request.get(`/api/workspaces/${list[0]!.id}/zakat`);
  expect(response.status()).toBe(200);
  return (await response.json()) as {
    milestones: { date: string; title: string; type: string }[];
    thresholdStatus: string;
    zakatYearStart: string | null;
  };
}

for (const lang of ["en", "fr"] as const) {
  test(`the nisab tracker in ${lang}: threshold, dip, threshold again`, async ({ page }) => {
    const health = watchPageHealth(page);
    const tr = (key: string) => text(lang, `tracker:${key}`);
    await createSignedInAccount(page.request, { name: "Nisab Keeper" });

    const today = dayOf(new Date());
    const start = daysAgo(today, 60);
    const dip = daysAgo(today, 20);
    const restart = daysAgo(today, 10);
    // the Umm al-Qura numbers from Intl, the month's name from the product's one table
    const hijriText = (day: string) => {
      const h = hijri(day);
      return `${h.day} ${hijriMonthNames[lang][h.month - 1]} ${h.year} ${era(lang)}`;
    };
    const endOf = (day: string) => {
      const h = hijri(day);
      return `${h.day} ${hijriMonthNames[lang][h.month - 1]} ${h.year + 1} ${era(lang)}`;
    };

    await page.goto(localizedPath(lang, "nisab"));
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    const card = page.getByTestId("threshold-card");
    await expect(card).toBeVisible();
    // without a zakat year start, only the threshold card, with only "threshold exceeded"
    await expect(page.getByTestId("zakat-year-status")).toHaveCount(0);
    await expect(card.getByRole("radio")).toHaveCount(1);
    // nothing to type a date into
    await expect(card.getByRole("textbox")).toHaveCount(0);

    // 1. the first threshold, with the quarterly reviews proposed
    await pickWithKeyboard(page, today, start, lang);
    await card.getByRole("button", { name: tr("threshold.add") }).click();
    const setup = page.getByRole("dialog", { name: tr("reviewSetup.title") });
    await expect(setup.getByRole("checkbox", { name: tr("reviews.quarterly") })).toBeChecked();
    await expect(setup.getByTestId("review-preview-item")).toHaveCount(4);
    await setup.getByRole("button", { name: tr("reviewSetup.submit") }).click();

    const congrats = page.getByRole("dialog", { name: tr("congratulations.title") });
    await expect(congrats).toBeVisible();
    const end = oneHijriYearLater(start);
    await expect(congrats.getByTestId("congratulations-due")).toContainText(longDate(end, lang));
    await expect(congrats.getByTestId("congratulations-due")).toContainText(endOf(start));
    await congrats.getByRole("button", { name: tr("congratulations.close") }).click();
    await expect(congrats).toBeHidden();

    // 2. the year runs; it ends one Umm al-Qura year later
    const status = page.getByTestId("zakat-year-status");
    await expect(status.getByTestId("zakat-year-title")).toHaveText(tr("status.running"));
    await expect(status.getByTestId("year-start").locator("time")).toHaveAttribute(
      "datetime",
      start,
    );
    await expect(status.getByTestId("year-start-hijri")).toHaveText(hijriText(start));
    await expect(status.getByTestId("year-end-hijri")).toHaveText(endOf(start));
    await expect(status.getByTestId("year-end").locator("time")).toHaveAttribute("datetime", end);
    // desktop: the ring (the phone's bar is another progressbar)
    const ring = status.getByTestId("progress-ring");
    await expect(ring).toBeVisible();
    await expect(ring).toHaveAccessibleName(tr("status.progress"));
    const elapsed = Math.round((utc(today).getTime() - utc(start).getTime()) / msPerDay);
    await expect(ring).toHaveAttribute("aria-valuenow", String(Math.round((elapsed / 354) * 100)));
    await expect(page.getByTestId("milestone-item")).toHaveCount(5);
    await expect(page.getByTestId("milestone-cancelled")).toHaveCount(0);

    // 3. below the nisab: later reviews cancelled, the year paused (the card's date was cleared
    // after the add, so the picker opens on today again; days after today cannot be picked)
    await card.getByRole("radio", { name: new RegExp(tr("threshold.down")) }).check();
    const tomorrow = addDays(today, 1);
    if (tomorrow.slice(0, 7) === today.slice(0, 7)) {
      await card.getByTestId("date-picker-trigger").click();
      await expect(page.locator(`[data-day="${tomorrow}"]`)).toHaveAttribute(
        "aria-disabled",
        "true",
      );
      await page.keyboard.press("Escape");
      await expect(page.getByRole("grid")).toBeHidden();
    }
    await pickWithKeyboard(page, today, dip, lang);
    await card.getByRole("button", { name: tr("threshold.add") }).click();
    await expect(status.getByTestId("zakat-year-title")).toHaveText(tr("status.paused"));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // the first 5 by date: threshold, dip, then three of the four reviews, all cancelled
    await expect(page.getByTestId("milestone-item")).toHaveCount(5);
    await expect(page.getByTestId("milestone-cancelled")).toHaveCount(3);
    await expect(page.getByTestId("milestone-cancelled").first()).toHaveText(
      exactly(tr("timeline.cancelled")),
    );
    await expect(page.getByRole("link", { name: tr("timeline.viewAll") })).toHaveAttribute(
      "href",
      localizedPath(lang, "calendar"),
    );
    const paused = await timelineViaApi(page);
    expect(paused.thresholdStatus).toBe("below");
    const reviews = paused.milestones.filter((m) => m.type === "due");
    expect(reviews).toHaveLength(4);
    for (const review of reviews) expect(review.title).toMatch(/ \(Cancelled\)$/);
    // the year the dip broke has no due date: the threshold says it ended, and why
    const first = page.getByTestId("milestone-item").first();
    await expect(first).toHaveAttribute("data-type", "threshold");
    await expect(first.getByTestId("milestone-end")).toHaveCount(0);
    await expect(first.getByTestId("milestone-ended")).toBeVisible();

    // a threshold on a day that has one: said at once, before the review setup
    await card.getByRole("radio", { name: new RegExp(tr("threshold.up")) }).check();
    await pickWithKeyboard(page, today, start, lang);
    await card.getByRole("button", { name: tr("threshold.add") }).click();
    await expect(card.getByTestId("threshold-error")).toHaveText(
      text(lang, "errors:DUPLICATE_THRESHOLD_DATE"),
    );
    await expect(page.getByRole("dialog")).toHaveCount(0);

    // 4. nisab again: a new year starts on that day
    await pickWithKeyboard(page, start, restart, lang);
    await card.getByRole("button", { name: tr("threshold.add") }).click();
    await setup.getByRole("button", { name: tr("reviewSetup.submit") }).click();
    await expect(status.getByTestId("zakat-year-title")).toHaveText(tr("status.running"));
    await expect(page.getByRole("dialog", { name: tr("congratulations.title") })).toHaveCount(0);
    await expect(status.getByTestId("year-start").locator("time")).toHaveAttribute(
      "datetime",
      restart,
    );
    await expect(status.getByTestId("year-end-hijri")).toHaveText(endOf(restart));
    await expect(status.getByTestId("year-end").locator("time")).toHaveAttribute(
      "datetime",
      oneHijriYearLater(restart),
    );
    const restarted = await timelineViaApi(page);
    expect(restarted.zakatYearStart).toBe(restart);
    expect(restarted.thresholdStatus).toBe("above");

    if (lang === "en") {
      await page.screenshot({ path: path.join(artifacts, "nisab-1280.png"), fullPage: true });
      // a phone: a bar and the percentage instead of the ring, nothing wider than the screen
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(ring).toBeHidden();
      await expect(status.getByTestId("year-progress-mobile")).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: path.join(artifacts, "nisab-390.png"), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    // the dashboard's nisab card: the ring in the tracker's one colour, the new year's date
    await page.goto(localizedPath(lang, "dashboard"));
    const nisabCard = page.getByTestId("nisab-card");
    await expect(nisabCard.getByTestId("progress-ring-arc")).toHaveClass(/stroke-brand-600/);
    await expect(nisabCard.getByTestId("nisab-card-date").locator("time")).toHaveAttribute(
      "datetime",
      restart,
    );
    // and the year's next due date
    await expect(nisabCard.getByTestId("nisab-card-next-due").locator("time")).toHaveAttribute(
      "datetime",
      oneHijriYearLater(restart),
    );
    // the timeline card: the most recent milestone (the new threshold) and the next one
    const timelineCard = page.getByTestId("timeline-card");
    await expect(timelineCard.getByTestId("milestone-item")).toHaveCount(2);
    const past = timelineCard.getByTestId("timeline-card-past");
    await expect(past.getByTestId("milestone-title")).toHaveText(tr("titles.nisab-reached"));
    await expect(
      timelineCard.getByTestId("timeline-card-next").getByTestId("milestone-item"),
    ).toHaveAttribute("data-type", "due");

    // a payment milestone from the dashboard's dialog, today: it shows at once
    const d = (key: string) => text(lang, `dashboard:${key}`);
    await timelineCard.getByRole("button", { name: d("timelineAdd") }).click();
    const add = page.getByRole("dialog", { name: tr("addMilestone.title") });
    await add.getByLabel(tr("addMilestone.name")).fill("Sadaqa");
    await add.getByLabel(tr("addMilestone.type")).selectOption("payment");
    await add.getByTestId("date-picker-trigger").click();
    await expect(page.locator(`[data-day="${today}"]`)).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("grid")).toBeHidden();
    await add.getByRole("button", { name: tr("addMilestone.submit") }).click();
    await expect(add).toBeHidden();
    await expect(past.getByTestId("milestone-item")).toHaveAttribute("data-type", "payment");
    await expect(past.getByTestId("milestone-title")).toHaveText("Sadaqa");

    // a record, typed the way people of the language write amounts, paid in part
    await page.goto(localizedPath(lang, "nisab"));
    const records = page.getByTestId("records-card");
    await records.getByRole("button", { name: tr("records.add") }).click();
    const recordDialog = page.getByRole("dialog", { name: tr("addRecord.title") });
    await recordDialog
      .getByLabel(tr("addRecord.amount").replace("{{currency}}", "EUR"))
      .fill(lang === "en" ? "1,234.56" : "1 234,56");
    await recordDialog.getByLabel(tr("addRecord.category")).fill("Zakat al-mal");
    await recordDialog.getByTestId("date-picker-trigger").click();
    await page.keyboard.press("Enter");
    await recordDialog.getByRole("button", { name: tr("addRecord.submit") }).click();
    await expect(recordDialog).toBeHidden();
    const euros = lang === "en" ? ["€1,234.56", "€234.56"] : ["1 234,56 €", "234,56 €"];
    const shown = (testId: string) => async () =>
      spaces(await records.getByTestId(testId).innerText());
    await expect.poll(shown("total-due")).toBe(euros[0]);
    await records.getByTestId("mark-paid").click();
    const pay = page.getByRole("dialog", { name: tr("payment.title") });
    await pay
      .getByLabel(tr("payment.amount").replace("{{currency}}", "EUR"))
      .fill(lang === "en" ? "234.56" : "234,56");
    await pay.getByRole("button", { name: tr("payment.submit") }).click();
    await expect(pay).toBeHidden();
    await expect(records.getByTestId("record-state")).toHaveText(tr("records.state.partial"));
    await expect.poll(shown("total-paid")).toBe(euros[1]);

    expect(health.problems, health.describe()).toEqual([]);
  });
}

test("removing a threshold asks first and can be undone; generated titles follow the reader's language; no threshold after today", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Undo Keeper" });
  const today = dayOf(new Date());
  const list = workspaceListSchema.parse(await (await page.request.get("/api/workspaces")).json());
  const base = `/api/workspaces/${list[0]!.id}`;
  const post = (body: object) => page.request.post(`${base}/milestones`, { data: body });

  // made on an English screen: the card's titles and English review titles; an earlier
  // threshold keeps a zakat year (and so the timeline) on the page once the later one is gone
  const earlier = await post({
    date: daysAgo(today, 100),
    title: "Nisab reached",
    type: "threshold",
    titleCode: "nisab-reached",
    today,
  });
  expect(earlier.status(), await earlier.text()).toBe(201);
  // a second threshold comes after a dip below (decision 052)
  const dip = await post({
    date: daysAgo(today, 80),
    title: "Nisab below",
    type: "threshold-down",
    titleCode: "nisab-below",
    today,
  });
  expect(dip.status(), await dip.text()).toBe(201);
  const made = await post({
    date: daysAgo(today, 60),
    title: "Nisab reached",
    type: "threshold",
    titleCode: "nisab-reached",
    reminders: { quarterly: true, monthly: false },
    language: "en",
    today,
  });
  expect(made.status(), await made.text()).toBe(201);
  expect(
    (await post({ date: daysAgo(today, 50), title: "My own note", type: "due" })).status(),
  ).toBe(201);
  // nobody can know today that their wealth will cross the nisab later
  const future = await post({
    date: addDays(today, 40),
    title: "Nisab reached",
    type: "threshold",
    today,
  });
  expect(future.status()).toBe(409);
  expect(((await future.json()) as { error: { code: string } }).error.code).toBe(
    "FUTURE_THRESHOLD_DATE",
  );

  // read on a French screen: generated titles in French, the typed one as typed
  await page.goto(localizedPath("fr", "nisab"));
  const items = page.getByTestId("milestone-item");
  // the page lists five milestones (the rest behind "Tout voir")
  await expect(items).toHaveCount(5);
  await expect(page.getByTestId("milestone-title")).toHaveText([
    "Nisab atteint",
    "Passé sous le nisab",
    "Nisab atteint",
    "My own note",
    "Bilan de zakat à 25 %",
  ]);

  // removing the later threshold asks first and names its 4 reviews
  await items.nth(2).getByTestId("remove-milestone").click();
  const confirm = page.getByTestId("remove-milestone-dialog");
  await expect(confirm).toContainText("Ses 4 jalons liés");
  await confirm.getByTestId("confirm-remove-milestone").click();
  await expect(items).toHaveCount(3);
  expect((await timelineViaApi(page)).milestones).toHaveLength(3);

  // the toast's undo puts all five back, with their ids
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "4 jalons liés" });
  await toast.getByRole("button", { name: text("fr", "tracker:toasts.undo") }).click();
  await expect(items).toHaveCount(5);
  await expect(page.getByTestId("milestone-title").nth(4)).toHaveText("Bilan de zakat à 25 %");
  expect((await timelineViaApi(page)).milestones).toHaveLength(8);

  expect(health.problems, health.describe()).toEqual([]);
});

test("the date picker: month and year from lists, and a click on a day of the month before picks it (issue 11)", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Picker Two Years" });
  await page.goto(localizedPath("en", "nisab"));
  const card = page.getByTestId("threshold-card");
  await card.getByTestId("date-picker-trigger").click();
  const grid = page.getByRole("grid");
  await expect(grid).toBeVisible();
  // two years back in one choice, then a month that does not start on a Sunday (weeks start
  // on Sunday, so the grid opens with days of the month before)
  const year = Number(dayOf(new Date()).slice(0, 4)) - 2;
  const month = [...Array(12).keys()].find(
    (m) => utc(`${year}-${pad(m + 1)}-01`).getUTCDay() !== 0,
  )!;
  await page.getByRole("combobox", { name: "Year" }).selectOption(String(year));
  await page.getByRole("combobox", { name: "Month" }).selectOption(String(month));
  const first = grid.locator("[data-day]").first();
  const day = (await first.getAttribute("data-day"))!;
  expect(day < `${year}-${pad(month + 1)}-01`).toBe(true);
  await first.click();
  await expect(grid).toBeHidden();
  await expect(card.getByTestId("date-picker-value")).toHaveAttribute("data-value", day);
  expect(health.problems, health.describe()).toEqual([]);
});
