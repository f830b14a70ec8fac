import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { artifacts, dueText, fillCase, spaces, typed } from "./support/calculator-case.ts";
import { t as text } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";

// A guest keeps several calculations in this browser (zakat_saved_sessions): completes API.md's
// case, starts a new calculation, opens the first again and finds its amounts, and after a
// reload still has both.
const c = (key: string) => text("en", `calculator:${key}`);
const named = (key: string, name: string) => c(key).replace("{{name}}", name);

const cashField = (page: Page) =>
  page.getByLabel(`${c("fields.cashInHand.label")} (EUR)`, { exact: true });

/** Cash chosen, on the cash step with `cash` typed. */
async function fillCash(page: Page, cash: string) {
  await page.getByRole("checkbox", { name: c("assets.cash.label") }).check();
  await page.getByTestId("step-next").click();
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("step-title")).toHaveText(c("steps.cash.title"));
  await cashField(page).fill(cash);
}

/** The results may invite a guest to create an account (once per calculation): "Not now". */
async function dismissAccountPrompt(page: Page) {
  const prompt = page.getByRole("dialog", { name: c("save.accountTitle") });
  const shown = await prompt.waitFor({ state: "visible", timeout: 3000 }).then(
    () => true,
    () => false,
  );
  if (!shown) return;
  await prompt.getByRole("button", { name: c("save.later") }).click();
  await expect(prompt).toBeHidden();
}

async function openSessions(page: Page) {
  await page.getByTestId("open-sessions").click();
  const dialog = page.getByRole("dialog", { name: c("sessions.title") });
  await expect(dialog).toBeVisible();
  return dialog;
}

test("a guest keeps two calculations, switches back, and keeps both after a reload", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await page.goto("/calculator");
  await page.waitForLoadState("networkidle");
  await fillCase(page, "en", false, 1280);
  const zakatDue = page.getByTestId("zakat-due");
  expect(spaces(await zakatDue.innerText())).toBe(dueText.en);
  await dismissAccountPrompt(page);

  let dialog = await openSessions(page);
  await expect(dialog.getByTestId("session-item")).toHaveCount(1);
  await expect(dialog.getByTestId("session-status")).toHaveText(c("sessions.complete"));
  const first = await dialog.getByTestId("session-name").innerText();
  await dialog.getByTestId("session-new").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("step-title")).toHaveText(c("steps.assets.title"));

  await fillCash(page, "700");
  dialog = await openSessions(page);
  await expect(dialog.getByTestId("session-item")).toHaveCount(2);
  const second = await dialog.getByTestId("session-name").first().innerText();
  expect(second).not.toBe(first);
  await dialog.getByRole("button", { name: named("sessions.openNamed", first) }).click();
  await expect(dialog).toBeHidden();
  expect(spaces(await zakatDue.innerText())).toBe(dueText.en);
  await dismissAccountPrompt(page);
  // its amounts, a step back
  await page.getByTestId("step-back").click();
  await expect(
    page.getByLabel(`${c("liabilities.personalLoans.label")} (EUR)`, { exact: true }),
  ).toHaveValue(typed.en.loan);

  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("step-title")).toHaveText(c("steps.liabilityAmounts.title"));
  dialog = await openSessions(page);
  await expect(dialog.getByTestId("session-name")).toHaveText([first, second]);
  await expect(dialog.getByTestId("session-status")).toHaveText([
    c("sessions.complete"),
    c("sessions.inProgress"),
  ]);
  await expect(dialog.getByTestId("session-zakat")).toHaveText(
    c("sessions.zakatDue").replace("{{amount}}", dueText.en),
  );
  // and the second still holds its amount
  await dialog.getByRole("button", { name: named("sessions.openNamed", second) }).click();
  await expect(cashField(page)).toHaveValue("700");
  expect(health.problems, health.describe()).toEqual([]);
});

/** The dialog's opening animation is over (screenshots show it as people see it). */
const settled = (page: Page) =>
  page.evaluate(async () => {
    await Promise.all(document.getAnimations().map((a) => a.finished));
  });

test.describe("mobile 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("the session manager and the documents list fit the screen", async ({ page }) => {
    await page.goto("/calculator");
    await page.waitForLoadState("networkidle");
    await fillCash(page, "500");
    let dialog = await openSessions(page);
    await dialog.getByTestId("session-new").click();
    await fillCash(page, "700");
    dialog = await openSessions(page);
    await expect(dialog.getByTestId("session-item")).toHaveCount(2);
    const fits = () =>
      page.evaluate(() => {
        const box = document.querySelector('[role="dialog"]')!.getBoundingClientRect();
        return box.left >= 0 && box.right <= window.innerWidth;
      });
    expect(await fits(), "the dialog stays within the screen").toBe(true);
    await settled(page);
    await page.screenshot({ path: path.join(artifacts, "calculator-sessions-390.png") });
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    await page.getByTestId("open-documents").click();
    const documents = page.getByRole("dialog", { name: c("documents.title") });
    await documents.getByRole("checkbox", { name: c("documents.items.cashCount.label") }).check();
    await expect(documents.getByTestId("documents-progress")).toHaveText(
      c("documents.progress").replace("{{done}}", "1").replace("{{total}}", "2"),
    );
    expect(await fits(), "the dialog stays within the screen").toBe(true);
    await settled(page);
    await page.screenshot({ path: path.join(artifacts, "calculator-documents-390.png") });
  });
});

// Not a session, but only a real browser shows it: pressing Next right after typing an amount
// that cannot be read must refuse the step and land on that field (the press used to be lost:
// leaving the field showed its error and slid the button away between mousedown and mouseup).
test("a refused Next lands on the field to fix at the first press", async ({ page }) => {
  await page.goto("/calculator");
  await page.waitForLoadState("networkidle");
  await fillCash(page, "5OO");
  await page.getByTestId("step-next").click();
  await expect(page.getByRole("alert")).toHaveText(c("amount.fixErrors"));
  await expect(cashField(page)).toBeFocused();
  await expect(cashField(page)).toHaveAttribute("aria-invalid", "true");
});
