import { expect, test, type APIRequestContext } from "@playwright/test";
import { notificationSettingsSchema } from "../../src/contracts/notifications.ts";
import { createSignedInAccount } from "./support/accounts.ts";
import { exactly, t } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Notification settings live on the server for the person (issue 15): a French page records
// the language and the browser's time zone for the reminder e-mails; the tracker's dialog (spec
// defaults, schedule preview, the week-before-due box) saves them, and the profile shows what
// was saved. The landing page no longer says e-mail reminders are coming.

async function storedSettings(request: APIRequestContext) {
  const response = await request.get("/api/me/notification-settings");
  expect(response.status()).toBe(200);
  return notificationSettingsSchema.parse(await response.json());
}

test("the dialog and the profile edit the person's notification settings", async ({ page }) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request);

  await page.goto("/fr/nisab");
  const open = page.getByRole("button", { name: t("fr", "tracker:page.notifications") });
  await expect(open).toBeVisible();
  // the reminders' language and zone, recorded once signed in (playwright.config.ts timezoneId)
  await expect
    .poll(async () => {
      const s = await storedSettings(page.request);
      return `${s.language} ${s.timeZone}`;
    })
    .toBe("fr Europe/Amsterdam");

  await open.click();
  const dialog = page.getByRole("dialog", { name: t("fr", "tracker:notifications.title") });
  const box = (key: string) =>
    dialog.getByRole("checkbox", { name: new RegExp(t("fr", `tracker:${key}`)) });
  await expect(box("notifications.emailReminders")).toBeChecked();
  await expect(box("reviews.quarterly")).toBeChecked();
  await expect(box("reviews.monthly")).not.toBeChecked();
  await expect(box("notifications.weekBefore")).toBeChecked();
  await expect(dialog.getByTestId("review-preview-item")).toHaveCount(4);

  await box("reviews.monthly").check();
  await expect(dialog.getByTestId("review-preview-item")).toHaveCount(12);
  await box("notifications.weekBefore").uncheck();
  await dialog
    .getByRole("button", { name: exactly(t("fr", "tracker:notifications.save")) })
    .click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(t("fr", "tracker:notifications.saved"))).toBeVisible();
  expect(await storedSettings(page.request)).toEqual({
    emailReminders: true,
    quarterlyReviews: true,
    monthlyReviews: true,
    weekBeforeDue: false,
    language: "fr",
    timeZone: "Europe/Amsterdam",
  });

  // another device: nothing of this in its storage, the server's settings on the profile
  await page.evaluate(() => localStorage.clear());
  await page.goto("/fr/profile");
  const section = page.getByTestId("profile-notifications");
  await expect(
    section.getByRole("heading", { name: t("fr", "profile:notificationsTitle") }),
  ).toBeVisible();
  const profileBox = (key: string) =>
    section.getByRole("checkbox", { name: new RegExp(t("fr", `tracker:${key}`)) });
  await expect(profileBox("reviews.monthly")).toBeChecked();
  await expect(profileBox("notifications.weekBefore")).not.toBeChecked();
  await profileBox("notifications.emailReminders").uncheck();
  await section
    .getByRole("button", { name: exactly(t("fr", "tracker:notifications.save")) })
    .click();
  await expect.poll(async () => (await storedSettings(page.request)).emailReminders).toBe(false);

  expect(health.problems, health.describe()).toEqual([]);
});

test("the landing page offers e-mail reminders without a coming-soon badge", async ({ page }) => {
  await page.goto(baseURL);
  const reminders = page
    .locator("dt")
    .filter({ hasText: t("en", "landing:benefits.reminders.title") });
  await expect(reminders).toBeVisible();
  // no benefit is announced as coming: the app installs on a phone too (issue 30)
  for (const list of await page.locator("dl").all())
    await expect(list).not.toContainText("Coming soon");
});
