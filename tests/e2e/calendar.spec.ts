import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { exactly, t, type Lang } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// A signed-in person with milestones (made through the real API) opens /calendar: month, week
// and day views, previous / next / today, the address keeping the view over a reload and Back,
// a day's dialog from a click and from the keyboard, the small-screen list, and a delete from
// the month-grouped timeline after confirmation; in English and in French. Dates are relative
// to today in the browser's time zone; expected names and dates come from Intl here, not from
// the app's code.

const artifacts = path.resolve(import.meta.dirname, "artifacts");
const origin = { origin: baseURL };
const timeZone = "Europe/Amsterdam"; // playwright.config.ts `timezoneId`
const msPerDay = 86_400_000;
const localeOf: Record<"en" | "fr", string> = { en: "en-US", fr: "fr-FR" };

const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) =>
  new Date(utc(day).getTime() + n * msPerDay).toISOString().slice(0, 10);
const todayHere = () =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(new Date())
    .slice(0, 10);
/** The same day of the month `n` months away, clamped to the month end. */
function addMonths(day: string, n: number): string {
  const d = utc(day);
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d.getUTCDate(), last));
  return first.toISOString().slice(0, 10);
}
const sundayOf = (day: string) => addDays(day, -utc(day).getUTCDay());
const format = (lang: "en" | "fr", options: Intl.DateTimeFormatOptions, day: string) =>
  new Intl.DateTimeFormat(localeOf[lang], { timeZone: "UTC", ...options }).format(utc(day));
const monthTitle = (lang: "en" | "fr", day: string) =>
  format(lang, { month: "long", year: "numeric" }, day);
/** "Saturday 28 November 2026", "samedi 28 novembre 2026" (decision 055): Intl's names, our order. */
const fullDate = (lang: "en" | "fr", day: string) =>
  `${format(lang, { weekday: "long" }, day)} ${Number(day.slice(8, 10))} ${format(lang, { month: "long" }, day)} ${day.slice(0, 4)}`;
/** the app's text with its {{placeholder}} filled in */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

async function addMilestone(
  request: APIRequestContext,
  ws: string,
  body: {
    date: string;
    title: string;
    type: string;
    reminders?: object;
    language?: Lang;
    today?: string;
  },
) {
  const response = await request.post(`/api/workspaces/${ws}/milestones`, {
    headers: origin,
    data: body,
  });
  expect(response.status(), await response.text()).toBe(201);
}

/**
 * Today: a threshold (with its quarterly reviews) and three dues, so the cell shows 2 titles
 * and "+2 more"; tomorrow a payment; five days before this month a payment of last month.
 */
async function seedMilestones(request: APIRequestContext, lang: Lang, today: string) {
  const list = workspaceListSchema.parse(await (await request.get("/api/workspaces")).json());
  const ws = list[0]!.id;
  const names = {
    threshold: lang === "fr" ? "Nisab atteint" : "Nisab reached",
    dues:
      lang === "fr"
        ? ["Or évalué", "Relevé bancaire", "Espèces comptées"]
        : ["Gold valued", "Bank statement", "Cash counted"],
    tomorrow: lang === "fr" ? "Don aux pauvres" : "Paid the poor",
    lastMonth: lang === "fr" ? "Paiement ancien" : "Old payment",
  };
  await addMilestone(request, ws, {
    date: today,
    title: names.threshold,
    type: "threshold",
    reminders: { quarterly: true, monthly: false },
    language: lang,
    // today in the browser's time zone: the server takes it for "not after today"
    today,
  });
  for (const title of names.dues)
    await addMilestone(request, ws, { date: today, title, type: "due" });
  await addMilestone(request, ws, {
    date: addDays(today, 1),
    title: names.tomorrow,
    type: "payment",
  });
  const lastMonth = addDays(`${today.slice(0, 8)}01`, -5);
  await addMilestone(request, ws, { date: lastMonth, title: names.lastMonth, type: "payment" });
  return { ws, names, lastMonth };
}

async function milestoneTitles(request: APIRequestContext, ws: string): Promise<string[]> {
  const response = await request.get(`/api/workspaces/${ws}/zakat`);
  expect(response.status()).toBe(200);
  const data = (await response.json()) as { milestones: { title: string }[] };
  return data.milestones.map((m) => m.title);
}

const period = (page: Page) => page.getByTestId("calendar-period");
const cell = (page: Page, day: string) =>
  page.getByTestId("calendar-grid").locator(`[data-day="${day}"]`);

async function navigateViews(page: Page, lang: "en" | "fr", today: string) {
  const button = (key: string) =>
    page.getByRole("button", { name: exactly(t(lang, `calendar:${key}`)) });

  // month: previous, next, today
  await expect(period(page)).toHaveText(monthTitle(lang, today));
  await button("navigation.next.month").click();
  await expect(period(page)).toHaveText(monthTitle(lang, addMonths(today, 1)));
  // a month step focuses the month's first day (issue 30: not today's day-of-month)
  await expect(page).toHaveURL(new RegExp(`view=month&date=${addMonths(today, 1).slice(0, 8)}01$`));
  await button("navigation.previous.month").click();
  await button("navigation.previous.month").click();
  await expect(period(page)).toHaveText(monthTitle(lang, addMonths(today, -1)));
  // so Week opens on that month's first week, not on the week of today's day-of-month
  const firstOfLast = `${addMonths(today, -1).slice(0, 8)}01`;
  await expect(page).toHaveURL(new RegExp(`view=month&date=${firstOfLast}$`));
  await button("views.week").click();
  await expect(page.getByTestId("calendar-day").first()).toHaveAttribute(
    "data-day",
    sundayOf(firstOfLast),
  );
  await button("views.month").click();
  await button("navigation.today").click();
  await expect(period(page)).toHaveText(monthTitle(lang, today));

  // week: Sunday to Saturday around today
  await button("views.week").click();
  await expect(page).toHaveURL(new RegExp(`view=week&date=${today}$`));
  const sunday = sundayOf(today);
  const days = page.getByTestId("calendar-day");
  await expect(days).toHaveCount(7);
  await expect(days.first()).toHaveAttribute("data-day", sunday);
  await expect(days.last()).toHaveAttribute("data-day", addDays(sunday, 6));
  await button("navigation.next.week").click();
  await expect(days.first()).toHaveAttribute("data-day", addDays(sunday, 7));
  await button("navigation.previous.week").click();
  await button("navigation.previous.week").click();
  await expect(days.first()).toHaveAttribute("data-day", addDays(sunday, -7));
  await button("navigation.today").click();
  await expect(days.first()).toHaveAttribute("data-day", sunday);

  // day: every milestone of today, not just 2
  await button("views.day").click();
  await expect(period(page)).toHaveText(fullDate(lang, today));
  await expect(page.getByTestId("calendar-day-view").getByTestId("milestone-row")).toHaveCount(4);
  await button("navigation.next.day").click();
  await expect(period(page)).toHaveText(fullDate(lang, addDays(today, 1)));
  await expect(page.getByTestId("calendar-day-view").getByTestId("milestone-row")).toHaveCount(1);
  await button("navigation.previous.day").click();
  await button("navigation.previous.day").click();
  await expect(period(page)).toHaveText(fullDate(lang, addDays(today, -1)));
  await button("navigation.today").click();
  await expect(period(page)).toHaveText(fullDate(lang, today));

  // the address keeps the place: a reload stays, Back returns to the week
  await page.reload();
  await expect(period(page)).toHaveText(fullDate(lang, today));
  await page.goBack(); // before "Today": the day before
  await expect(period(page)).toHaveText(fullDate(lang, addDays(today, -1)));
  await button("views.month").click();
  await expect(period(page)).toHaveText(monthTitle(lang, addDays(today, -1)));
  await button("navigation.today").click();
  await expect(period(page)).toHaveText(monthTitle(lang, today));
}

async function dayDialogs(page: Page, lang: "en" | "fr", today: string, titles: string[]) {
  // a click opens the day's dialog with all its milestones
  await cell(page, today).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading")).toHaveText(fullDate(lang, today));
  await expect(dialog.getByTestId("milestone-title")).toHaveText(titles);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // the keyboard: the focused day moves with the arrows, Enter opens it
  await cell(page, today).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.locator(`[data-day="${addDays(today, 1)}"]`)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("heading")).toHaveText(fullDate(lang, addDays(today, 1)));
  await expect(dialog.getByTestId("milestone-title")).toHaveCount(1);
  await dialog.getByRole("button", { name: exactly(t(lang, "calendar:dialog.close")) }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("button", { name: exactly(t(lang, "calendar:navigation.today")) }).click();
  await expect(period(page)).toHaveText(monthTitle(lang, today));
}

async function deleteFromTimeline(
  page: Page,
  request: APIRequestContext,
  lang: "en" | "fr",
  ws: string,
  title: string,
) {
  const timeline = page.getByTestId("calendar-timeline");
  const month = timeline.locator(
    `[data-testid="timeline-month"][data-month="${todayHere().slice(0, 7)}"]`,
  );
  await expect(month.getByRole("heading")).toContainText(monthTitle(lang, todayHere()));
  const deleteButton = timeline.getByRole("button", {
    name: exactly(fill(t(lang, "calendar:delete.named"), { title })),
  });
  // Cancel keeps it
  await deleteButton.click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText(t(lang, "calendar:delete.confirm"));
  await confirm.getByRole("button", { name: exactly(t(lang, "calendar:delete.cancel")) }).click();
  await expect(confirm).toHaveCount(0);
  expect(await milestoneTitles(request, ws)).toContain(title);
  // Delete removes it
  await deleteButton.click();
  await confirm.getByRole("button", { name: exactly(t(lang, "calendar:delete.action")) }).click();
  const toast = page
    .locator("[data-sonner-toast]")
    .filter({ hasText: t(lang, "tracker:toasts.milestoneRemoved") });
  await expect(toast).toBeVisible();
  await expect.poll(() => milestoneTitles(request, ws)).not.toContain(title);
  // the toast's Undo puts it back, then it is deleted for good
  await toast.getByRole("button", { name: exactly(t(lang, "tracker:toasts.undo")) }).click();
  await expect.poll(() => milestoneTitles(request, ws)).toContain(title);
  await expect(deleteButton).toBeVisible();
  await deleteButton.click();
  await confirm.getByRole("button", { name: exactly(t(lang, "calendar:delete.action")) }).click();
  await expect(confirm).toHaveCount(0);
  await expect(timeline.getByText(title, { exact: true })).toHaveCount(0);
  expect(await milestoneTitles(request, ws)).not.toContain(title);
}

test("calendar in English: views, navigation, day dialog, delete, small screens", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Calendar Keeper" });
  const today = todayHere();
  const { ws, names, lastMonth } = await seedMilestones(page.request, "en", today);

  // 'Loading calendar...' until the data is there
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/workspaces/*/zakat", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/calendar");
  await expect(page.getByText(t("en", "calendar:loading"))).toBeVisible();
  release();
  await expect(page.getByTestId("calendar-grid")).toBeVisible();
  await expect(page.getByText(t("en", "calendar:loading"))).toHaveCount(0);
  await page.unroute("**/api/workspaces/*/zakat");

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("en", "calendar:title"));
  await expect(page.getByTestId("calendar-back")).toHaveAttribute("href", "/dashboard");
  await expect(page.getByTestId("calendar-zakat-year")).toContainText(fullDate("en", today));
  await expect(page.getByTestId("calendar-hijri-period")).toContainText("AH");

  // today's cell: marked, 2 titles, then "+2 more"; its Hijri day beside the Gregorian one
  const todayCell = cell(page, today);
  await expect(todayCell).toHaveAttribute("aria-current", "date");
  await expect(todayCell.getByTestId("calendar-chip")).toHaveCount(2);
  await expect(todayCell.getByTestId("calendar-more")).toHaveText("+2 more");
  await expect(todayCell.getByTestId("hijri-day")).not.toBeEmpty();
  await page.screenshot({ path: path.join(artifacts, "calendar-month-en.png"), fullPage: true });

  await navigateViews(page, "en", today);
  await page.getByRole("button", { name: "Previous month" }).click();
  await expect(cell(page, lastMonth)).toContainText(names.lastMonth);
  await page.getByRole("button", { name: "Today" }).click();

  await dayDialogs(page, "en", today, [names.threshold, ...names.dues]);
  await deleteFromTimeline(page, page.request, "en", ws, names.dues[1]!);
  await expect(todayCell.getByTestId("calendar-more")).toHaveText("+1 more");

  // small screens: the grid condenses to numbers and dots, the period's list carries the titles
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(todayCell.getByTestId("calendar-chip").first()).toBeHidden();
  const list = page.getByTestId("period-list");
  await expect(list).toBeVisible();
  await expect(list).toContainText(names.dues[0]!);
  await page.screenshot({ path: path.join(artifacts, "calendar-mobile-en.png"), fullPage: true });
  await list.getByTestId("period-list-day").first().click();
  await expect(page.getByRole("dialog").getByRole("heading")).toHaveText(fullDate("en", today));
  await page.keyboard.press("Escape");

  expect(health.problems, health.describe()).toEqual([]);
});

test("calendar in French: views, navigation, day dialog, delete", async ({ page }) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Gardien du calendrier" });
  const today = todayHere();
  const { ws, names } = await seedMilestones(page.request, "fr", today);

  await page.goto("/fr/calendar");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("fr", "calendar:title"));
  await expect(page.getByTestId("calendar-back")).toHaveAttribute("href", "/fr/dashboard");
  await expect(page.getByRole("columnheader").first()).toHaveText("dim.");
  await expect(cell(page, today).getByTestId("calendar-more")).toHaveText("+2 de plus");
  await expect(page.getByTestId("calendar-hijri-period")).toContainText("Hégire");

  await navigateViews(page, "fr", today);
  await dayDialogs(page, "fr", today, [names.threshold, ...names.dues]);
  // the threshold's reviews were generated in French
  await expect(page.getByTestId("calendar-timeline")).toContainText("Bilan de zakat à 25");
  await deleteFromTimeline(page, page.request, "fr", ws, names.dues[0]!);
  await page.screenshot({ path: path.join(artifacts, "calendar-month-fr.png"), fullPage: true });

  expect(health.problems, health.describe()).toEqual([]);
});
