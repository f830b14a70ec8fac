import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { calculationListSchema } from "../../src/contracts/calculations.ts";
import { workspaceListSchema } from "../../src/contracts/workspaces.ts";
import { createSignedInAccount, strongPassword, uniqueEmail } from "./support/accounts.ts";
import { artifacts, dueText, expected, fillCase, spaces } from "./support/calculator-case.ts";
import { exactly, t } from "./support/i18n.ts";
import { verificationLink, waitForMail } from "./support/mail.ts";
import { watchPageHealth } from "./support/page-health.ts";

// Spec §4 "A guest calculation can be migrated to a new account" and §2's update-dashboard
// prompt, in the production build with the real sign-up flow (verification e-mail through the
// test SMTP server): a guest computes API.md's case (327.50), saves, signs up, and finds the
// calculation in the new account as completed; a signed-in person reaching the results updates
// the dashboard from the prompt.
const c = (key: string) => t("en", `calculator:${key}`);
const h = (key: string) => t("en", `history:${key}`);

async function signedIn(page: Page): Promise<boolean> {
  const response = await page.request.get("/api/auth/get-session");
  const body = (await response.json().catch(() => null)) as { user?: unknown } | null;
  return Boolean(body?.user);
}

async function latestCalculations(request: APIRequestContext) {
  const workspaces = workspaceListSchema.parse(await (await request.get("/api/workspaces")).json());
  expect(workspaces).toHaveLength(1);
  const response = await request.get(`/api/workspaces/${workspaces[0]!.id}/calculations?latest=5`);
  return calculationListSchema.parse(await response.json());
}

/** The one calculation listed (history or dashboard), completed, with the fixed case's due. */
async function expectListed(page: Page, name: string) {
  const item = page.getByTestId("calculation-item");
  await expect(item).toHaveCount(1);
  await expect(item.getByTestId("calculation-name")).toHaveText(name);
  await expect(item.getByTestId("calculation-status")).toHaveText(h("item.completed"));
  expect(spaces(await item.getByTestId("calculation-zakat").innerText())).toBe(dueText.en);
}

test("a guest's calculation is saved to the account made from the save prompt", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  const email = uniqueEmail("guest");
  const password = strongPassword();
  expect(expected.zakatDue).toBe("327.50");

  await test.step("a guest computes the fixed case and is asked once to create an account", async () => {
    await page.goto("/calculator");
    await page.waitForLoadState("networkidle");
    await fillCase(page, "en", false, 1280);
    await expect(page.getByTestId("step-title")).toHaveText(c("steps.results.title"));
    expect(spaces(await page.getByTestId("zakat-due").innerText())).toBe(dueText.en);
    // the account prompt shows by itself under the results, once
    const prompt = page.getByTestId("guest-save-prompt");
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole("heading")).toHaveText(c("save.accountTitle"));
    await prompt.getByRole("button", { name: exactly(c("save.later")) }).click();
    await expect(prompt).toBeHidden();
  });

  await test.step("Save → create an account keeps the calculation for the account", async () => {
    await page.getByTestId("save-calculation").click();
    const prompt = page.getByTestId("guest-save-dialog");
    await prompt.getByRole("link", { name: c("save.signUp") }).click();
    await expect(page).toHaveURL(/\/signup$/);
    const pending = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("pending_calculation_migration") ?? "null"),
    );
    expect(pending).toMatchObject({
      version: 1,
      workspaceId: null,
      body: { isCompleted: true, currency: "EUR", liabilityAmounts: { personalLoans: "1000" } },
    });
    expect(pending.idempotencyKey).toMatch(/^[\x21-\x7e]{16,}$/);
  });

  await test.step("sign up, verify the address from the e-mail, signed in", async () => {
    const main = page.getByRole("main");
    await main.getByLabel(t("en", "auth:email")).fill(email);
    await main.getByLabel(t("en", "auth:password"), { exact: true }).fill(password);
    await main.getByRole("button", { name: exactly(t("en", "auth:signupButton")) }).click();
    await expect(page).toHaveURL(/\/verify-email\?sent=1$/);
    expect(await signedIn(page)).toBe(false);
    // nothing was saved before the account exists, and the guest's entries are still here
    expect(
      await page.evaluate(() => localStorage.getItem("pending_calculation_migration")),
    ).not.toBeNull();

    await page.goto(verificationLink(await waitForMail(email)));
    // the link signs the person in (autoSignInAfterVerification)
    await expect(page.getByTestId("verify-email-success")).toBeVisible();
    expect(await signedIn(page)).toBe(true);
    // the calculation is saved as soon as the workspace is known, wherever the person is
    const [before, after] = c("migration.saved").split("{{name}}") as [string, string];
    const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    await expect(
      page.getByText(new RegExp(`${escape(before)}Zakat .+${escape(after)}`)),
    ).toBeVisible();
  });

  const saved = await test.step("saved once, completed, with the same zakat due", async () => {
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("pending_calculation_migration")))
      .toBeNull();
    const list = await latestCalculations(page.request);
    expect(list.totalCount).toBe(1);
    const calculation = list.calculations[0]!;
    expect(calculation).toMatchObject({ isCompleted: true, zakatDue: "327.50", currency: "EUR" });
    expect(calculation.name).toMatch(/^Zakat /);
    return calculation;
  });

  await test.step("back in the calculator, which now keeps the saved calculation", async () => {
    // the save prompt remembered the calculator as the place to come back to
    await expect(page).toHaveURL(/\/calculator(\?step=\d)?$/, { timeout: 15_000 });
    await expect(page.getByTestId("step-title")).toHaveText(c("steps.results.title"));
    expect(spaces(await page.getByTestId("zakat-due").innerText())).toBe(dueText.en);
    await expect(page.getByTestId("save-status")).toHaveText(c("save.status.saved"), {
      timeout: 15_000,
    });
    // a saved calculation needs no update-dashboard prompt
    await expect(page.getByTestId("update-dashboard-prompt")).toHaveCount(0);
    const session = await page.evaluate(() =>
      JSON.parse(localStorage.getItem("zakat_current_session") ?? "null"),
    );
    expect(session.link).toMatchObject({ id: saved.id });
  });

  await test.step("listed in the history and on the dashboard as completed, 327.50", async () => {
    await page.goto("/calculator-history");
    await expectListed(page, saved.name);
    await page.goto("/dashboard");
    await expect(page.getByTestId("recent-calculations-card")).toBeVisible();
    await expectListed(page, saved.name);
    // a reload does not save it again
    await page.reload();
    await expectListed(page, saved.name);
    expect((await latestCalculations(page.request)).totalCount).toBe(1);
  });

  expect(health.problems, health.describe()).toEqual([]);
});

test("a signed-in person's results offer to update the dashboard", async ({ page }) => {
  const health = watchPageHealth(page);
  await createSignedInAccount(page.request, { name: "Dashboard Updater" });
  await page.goto("/calculator");
  await page.waitForLoadState("networkidle");
  await fillCase(page, "en", false, 1280);
  await expect(page.getByTestId("step-title")).toHaveText(c("steps.results.title"));

  const prompt = page.getByTestId("update-dashboard-prompt");
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole("heading")).toHaveText(c("dashboardPrompt.title"));
  await expect(prompt.getByLabel(c("save.nameLabel"))).toHaveValue(/^Zakat /);
  await page.screenshot({ path: path.join(artifacts, "update-dashboard-prompt-1280.png") });
  await prompt.getByLabel(c("save.nameLabel")).fill("Zakat from the prompt");
  await prompt.getByRole("button", { name: c("dashboardPrompt.submit") }).click();
  await expect(prompt.getByRole("heading")).toHaveText(c("dashboardPrompt.doneTitle"));
  const list = await latestCalculations(page.request);
  expect(list.calculations).toHaveLength(1);
  expect(list.calculations[0]).toMatchObject({
    name: "Zakat from the prompt",
    isCompleted: true,
    zakatDue: "327.50",
  });

  await prompt.getByRole("link", { name: c("dashboardPrompt.goToDashboard") }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectListed(page, "Zakat from the prompt");

  // back in the calculator: the saved calculation is not offered again
  await page.goto("/calculator");
  await expect(page.getByTestId("step-title")).toHaveText(c("steps.results.title"));
  await expect(page.getByTestId("save-status")).toHaveText(c("save.status.saved"));
  await expect(prompt).toHaveCount(0);
  expect(health.problems, health.describe()).toEqual([]);
});
