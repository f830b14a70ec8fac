import { expect, test } from "@playwright/test";
import { createSignedInAccount, openTheAppSignedIn } from "./support/accounts.ts";
import { t } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";
import { baseURL } from "./support/ports.ts";

// Issue 14: buying a plan. Pricing → "Choose Pro" → Hawl's checkout page → (stand-in) Stripe
// Checkout, which delivers its signed webhooks to the server → back on the profile, now Pro,
// with its renewal date and "Manage billing". The e2e accounts start on Standard (serve.ts's
// DEFAULT_PLAN), so Pro is the plan bought here.

test("buys Pro from the pricing page and comes back to a profile on Pro", async ({ page }) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Buyer" });
  await openTheAppSignedIn(page);

  await page.goto("/pricing");
  await expect(page.getByTestId("plan-current-standard")).toBeVisible();
  const choosePro = page.getByRole("link", { name: t("en", "pricing:plans.pro.cta") });
  await expect(choosePro).toHaveAttribute("href", "/checkout?plan=pro&billing=monthly");
  await choosePro.click();

  // the stand-in's Checkout page sends the webhooks, then Stripe returns to the success URL
  await page.waitForURL(`${baseURL}/profile?checkout=success`);
  await expect(page.getByTestId("profile-plan")).toHaveText(t("en", "profile:plans.pro"));
  await expect(page.getByTestId("plan-dates")).toContainText("Renews on");
  await expect(page.getByTestId("manage-billing")).toBeVisible();

  // the pricing page marks the plan bought
  await page.goto("/pricing");
  await expect(page.getByTestId("plan-current-pro")).toBeVisible();
  expect(health.problems, health.describe()).toEqual([]);
});

test("signed out, a chosen plan goes through sign-up and sign-in straight on to checkout", async ({
  page,
}) => {
  await page.goto("/fr/pricing");
  await page.getByRole("link", { name: t("fr", "pricing:plans.pro.cta") }).click();
  await expect(page).toHaveURL(/\/fr\/signup\?plan=pro&billing=monthly$/);
  // the sign-in that follows the account's creation continues to the checkout page
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem("auth_redirect_url")))
    .toBe("/fr/checkout?plan=pro&billing=monthly");
});
