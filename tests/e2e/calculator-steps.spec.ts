import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { localizedPath } from "../../src/web/app/route-table.ts";
import { artifacts } from "./support/calculator-case.ts";
import { t as text, type Lang } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";

// Issue 30, the calculator's minor items: the step in the address (Back and Forward move
// between steps), the result before any prompt, a fix-errors banner that goes once the amount
// reads, and the layout at 1280×800 and 390×844 (the toolbar, the step labels, the selects).

const langs = ["en", "fr", "nl", "ar", "tr"] as const;
const c = (lang: Lang, key: string) => text(lang, `calculator:${key}`);
const cashField = (page: Page, lang: Lang) =>
  page.getByLabel(`${c(lang, "fields.cashInHand.label")} (EUR)`, { exact: true });

/** Cash only, prices typed by hand: steps 1 (assets), 2 (liabilities), 3 (cash), 4 (results). */
async function startCash(page: Page, lang: Lang) {
  await page.goto(localizedPath(lang, "calculator"));
  await page.waitForLoadState("networkidle");
  await page.getByTestId("open-settings").click();
  const dialog = page.getByRole("dialog");
  await dialog
    .getByRole("radio", { name: new RegExp(c(lang, "settings.modes.offline.label")) })
    .check();
  await dialog.getByLabel(c(lang, "settings.goldPrice").replace("{{currency}}", "EUR")).fill("80");
  await dialog
    .getByLabel(c(lang, "settings.silverPrice").replace("{{currency}}", "EUR"))
    .fill(lang === "en" || lang === "ar" ? "0.95" : "0,95");
  await dialog.getByRole("button", { name: c(lang, "settings.done") }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("checkbox", { name: c(lang, "assets.cash.label") }).check();
}

const title = (page: Page) => page.getByTestId("step-title");

test("Back and Forward move between the steps, a reload keeps the step, an unreachable one is clamped", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  await startCash(page, "en");
  await expect(page).toHaveURL(/\/calculator\?step=1$/);
  await page.getByTestId("step-next").click();
  await expect(page).toHaveURL(/\?step=2$/);
  await page.getByTestId("step-next").click();
  await expect(title(page)).toHaveText(c("en", "steps.cash.title"));
  await expect(page).toHaveURL(/\?step=3$/);
  await cashField(page, "en").fill("2000");
  await page.getByTestId("step-next").click();
  await expect(title(page)).toHaveText(c("en", "steps.results.title"));
  await expect(page).toHaveURL(/\?step=4$/);

  // the browser's Back: the previous step, not the previous page
  await page.goBack();
  await expect(title(page)).toHaveText(c("en", "steps.cash.title"));
  await expect(cashField(page, "en")).toHaveValue("2000");
  await page.goBack();
  await expect(title(page)).toHaveText(c("en", "steps.liabilities.title"));
  await page.goForward();
  await expect(title(page)).toHaveText(c("en", "steps.cash.title"));
  await expect(page).toHaveURL(/\?step=3$/);

  // a reload stays on the step, with what was typed
  await page.reload();
  await expect(title(page)).toHaveText(c("en", "steps.cash.title"));
  await expect(cashField(page, "en")).toHaveValue("2000");

  // the results cannot be reached while the amount cannot be read: clamped to its step
  await cashField(page, "en").fill("20x0");
  await page.goForward();
  await expect(title(page)).toHaveText(c("en", "steps.cash.title"));
  await expect(page).toHaveURL(/\?step=3$/);
  await page.goto("/calculator?step=4");
  await expect(title(page)).toHaveText(c("en", "steps.cash.title"));
  await expect(page).toHaveURL(/\?step=3$/);
  // past the last step: the last one
  await cashField(page, "en").fill("2000");
  await page.goto("/calculator?step=42");
  await expect(title(page)).toHaveText(c("en", "steps.results.title"));
  await expect(page).toHaveURL(/\?step=4$/);
  expect(health.problems, health.describe()).toEqual([]);
});

for (const lang of langs) {
  test(`${lang}: the fix-errors banner goes once the amount reads`, async ({ page }) => {
    await startCash(page, lang);
    await page.getByTestId("step-next").click();
    await page.getByTestId("step-next").click();
    await cashField(page, lang).fill("20x0");
    await page.getByTestId("step-next").click();
    const banner = page.getByTestId("fix-errors");
    await expect(banner).toHaveText(c(lang, "amount.fixErrors"));
    await cashField(page, lang).fill("2000");
    await expect(banner).toHaveCount(0);
    await expect(title(page)).toHaveText(c(lang, "steps.cash.title"));
  });

  test(`${lang}, 390×844: the result first, the account prompt under it, no dialog`, async ({
    page,
  }) => {
    const health = watchPageHealth(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await startCash(page, lang);
    await page.getByTestId("step-next").click();
    await page.getByTestId("step-next").click();
    await cashField(page, lang).fill("2000");
    await page.getByTestId("step-next").click();
    await expect(title(page)).toHaveText(c(lang, "steps.results.title"));
    const prompt = page.getByTestId("guest-save-prompt");
    await expect(prompt).toBeAttached();
    await expect(prompt.getByRole("heading")).toHaveText(c(lang, "save.accountTitle"));
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // the amount is on screen, unhidden, and the prompt comes after it
    await page.evaluate(() => window.scrollTo(0, 0));
    const due = page.getByTestId("zakat-due");
    await expect(due).toBeInViewport();
    const dueBox = (await due.boundingBox())!;
    const promptBox = (await prompt.boundingBox())!;
    expect(promptBox.y).toBeGreaterThan(dueBox.y + dueBox.height);
    const onTop = await due.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit === el || el.contains(hit);
    });
    expect(onTop).toBe(true);
    if (lang === "en") {
      await page.screenshot({
        path: path.join(artifacts, "calculator-results-prompt-390.png"),
        fullPage: true,
      });
    }
    // "Not now" puts it away
    await prompt.getByRole("button", { name: c(lang, "save.later") }).click();
    await expect(prompt).toHaveCount(0);
    expect(health.problems, health.describe()).toEqual([]);
  });

  test(`${lang}: the toolbar, the step labels and the selects at 1280 and 390`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(localizedPath(lang, "calculator"));
    await page.waitForLoadState("networkidle");
    for (const asset of ["cash", "goldAndSilver", "moneyOwedToMe", "sharesCrypto"] as const) {
      await page.getByRole("checkbox", { name: c(lang, `assets.${asset}.label`) }).check();
    }
    await page.getByTestId("step-next").click();
    await page.getByRole("checkbox", { name: c(lang, "liabilities.personalLoans.label") }).check();
    const steps = 8;
    await expect(page.getByTestId("step-progress")).toHaveText(
      c(lang, "progress.label").replace("{{current}}", "2").replace("{{total}}", String(steps)),
    );

    // the step labels: one per step (so a missing or renamed list fails), none alone on its row
    const labelRows = async () => {
      const tops = await page
        .getByTestId("step-labels")
        .locator("li")
        .evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
      expect(tops, "one label per step").toHaveLength(steps);
      const rows = new Map<number, number>();
      for (const top of tops) rows.set(top, (rows.get(top) ?? 0) + 1);
      return [...rows.values()];
    };
    for (const count of await labelRows()) expect(count).toBeGreaterThan(1);

    // the toolbar: one row at 1280
    const toolbar = page.getByTestId("calculator-toolbar").getByRole("button");
    await expect(toolbar).toHaveCount(4);
    const boxes = async () =>
      toolbar.evaluateAll((buttons) =>
        buttons.map((b) => {
          const r = b.getBoundingClientRect();
          return { top: Math.round(r.top), width: Math.round(r.width) };
        }),
      );
    expect(new Set((await boxes()).map((b) => b.top)).size).toBe(1);

    // 390: two even columns, two rows
    await page.setViewportSize({ width: 390, height: 844 });
    if (lang === "fr") {
      await page.screenshot({ path: path.join(artifacts, "calculator-toolbar-fr-390.png") });
    }
    const phone = await boxes();
    expect(new Set(phone.map((b) => b.top)).size).toBe(2);
    expect(Math.max(...phone.map((b) => b.width)) - Math.min(...phone.map((b) => b.width))).toBe(0);

    // the settings' selects show their whole label, wrapped if need be
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      await page.getByTestId("open-settings").click();
      const dialog = page.getByRole("dialog");
      const method = dialog.getByLabel(c(lang, "settings.nisabMethod"));
      await method.selectOption("minimum");
      const shown = dialog.locator("#settings-nisab-method + [data-select-shown]");
      await expect(shown).toHaveText(c(lang, "settings.nisabMethods.minimum"));
      const clipped = await dialog
        .locator("[data-select-shown]")
        .evaluateAll((boxes) =>
          boxes.filter((b) => b.scrollWidth > b.clientWidth).map((b) => b.textContent),
        );
      expect(clipped).toEqual([]);
      if (lang === "nl" && width === 390) {
        await shown.scrollIntoViewIfNeeded();
        await page.screenshot({ path: path.join(artifacts, "calculator-settings-nl-390.png") });
      }
      await dialog.getByRole("button", { name: c(lang, "settings.done") }).click();
      await expect(dialog).toBeHidden();
    }
  });
}
