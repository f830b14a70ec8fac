import path from "node:path";
import { expect, test } from "@playwright/test";
import { localizedPath } from "../../src/web/app/route-table.ts";
import { artifacts, dueText, expected, fillCase, spaces } from "./support/calculator-case.ts";
import { t as text } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";

// A guest completes every step of the calculator in each language for API.md's example (cash
// 500 + a savings account of 12,000, 20 g of 24 karat gold at 80.00/g, silver at 0.95/g, a
// personal loan of 1,000), typing amounts as people of that language do, with prices typed by
// hand (offline mode), and sees the zakat due formatted for the language.
test("the fixed case is API.md's 327.50", () => {
  expect(expected.zakatDue).toBe("327.50");
});

for (const lang of ["en", "fr", "nl", "ar", "tr"] as const) {
  test(`a guest completes every step in ${lang} and gets the zakat due`, async ({ page }) => {
    const health = watchPageHealth(page);
    const width = 1280;
    await page.goto(localizedPath(lang, "calculator"));
    await page.waitForLoadState("networkidle");
    await fillCase(page, lang, lang === "en", width);

    const c = (key: string) => text(lang, `calculator:${key}`);
    await expect(page.getByTestId("step-title")).toHaveText(c("steps.results.title"));
    await expect(page.getByTestId("zakat-due")).toBeVisible();
    expect(spaces(await page.getByTestId("zakat-due").innerText())).toBe(dueText[lang]);
    await expect(page.getByTestId("nisab-status")).toHaveText(c("results.aboveNisab"));
    await expect(page.getByTestId("result-line")).toHaveCount(expected.lines.length);
    if (lang === "en") {
      await page.screenshot({
        path: path.join(artifacts, `calculator-results-${width}.png`),
        fullPage: true,
      });
    }

    // a reload keeps the entries (guest auto-save) and the result
    await page.reload();
    await expect(page.getByTestId("zakat-due")).toBeVisible();
    expect(spaces(await page.getByTestId("zakat-due").innerText())).toBe(dueText[lang]);
    expect(health.problems, health.describe()).toEqual([]);
  });
}

test("online without a price feed: the results say the prices are Hawl's built-in ones, and today's can be typed (issue 11)", async ({
  page,
}) => {
  // the e2e server has no PRICES_URL: GET /api/prices answers the shipped prices
  await page.goto("/calculator");
  await page.waitForLoadState("networkidle");
  const c = (key: string) => text("en", `calculator:${key}`);
  await page.getByRole("checkbox", { name: c("assets.cash.label") }).check();
  await page.getByTestId("step-next").click();
  await page.getByTestId("step-next").click();
  await page.getByLabel(`${c("fields.cashInHand.label")} (EUR)`, { exact: true }).fill("12000");
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("zakat-due")).toBeVisible();
  // the guest's account prompt, under the result: it comes with the dialogs' chunk (decision
  // 029), so a moment after the results
  await expect(page.getByTestId("guest-save-prompt")).toBeVisible();

  const warning = page.getByTestId("prices-stale");
  await expect(warning).toHaveAttribute("data-warning", "default");
  await expect(page.getByTestId("basis-source")).toContainText(c("results.basis.sources.default"));
  await expect(page.getByTestId("basis-gold-price")).toHaveText("€111.50 per gram");
  await expect(page.getByTestId("basis-nisab")).toHaveText(
    "Nisab applied: the lower of the two, €803.25.",
  );
  await page.getByTestId("type-prices").click();
  const dialog = page.getByRole("dialog");
  await expect(
    dialog.getByRole("radio", { name: new RegExp(c("settings.modes.offline.label")) }),
  ).toBeChecked();
  await dialog.getByLabel(c("settings.goldPrice").replace("{{currency}}", "EUR")).fill("80");
  await dialog.getByLabel(c("settings.silverPrice").replace("{{currency}}", "EUR")).fill("0.95");
  await dialog.getByRole("button", { name: c("settings.done") }).click();
  await expect(warning).toHaveCount(0);
  await expect(page.getByTestId("basis-source")).toContainText(c("results.basis.sources.manual"));
  await expect(page.getByTestId("basis-gold-price")).toHaveText("€80.00 per gram");
  await expect(page.getByTestId("nisab-value")).toHaveText("€565.25");
  await page.screenshot({
    path: path.join(artifacts, "calculator-price-basis.png"),
    fullPage: true,
  });
});

test.describe("mobile 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test("steps and results fit the screen", async ({ page }) => {
    await page.goto("/calculator");
    await page.waitForLoadState("networkidle");
    await fillCase(page, "en", true, 390);
    await expect(page.getByTestId("zakat-due")).toBeVisible();
    expect(spaces(await page.getByTestId("zakat-due").innerText())).toBe(dueText.en);
    await page.screenshot({
      path: path.join(artifacts, "calculator-results-390.png"),
      fullPage: true,
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, "no sideways scrolling").toBeLessThanOrEqual(0);
  });
});

// issue 30: "12.500" was read as €12.50 in English ("below nisab"), "12,500" as €12,50 in Dutch;
// Arabic (Western digits) writes amounts as English does, Turkish as Dutch does
for (const [lang, typedText, answer] of [
  ["en", "12.500", "12,500"],
  ["nl", "12,500", "12.500"],
  ["ar", "12.500", "12,500"],
  ["tr", "12,500", "12.500"],
] as const) {
  test(`${lang}: an amount that reads two ways is asked about and blocks the step until answered`, async ({
    page,
  }) => {
    await page.goto(localizedPath(lang, "calculator"));
    await page.waitForLoadState("networkidle");
    const c = (key: string) => text(lang, `calculator:${key}`);
    await page.getByRole("checkbox", { name: c("assets.cash.label") }).check();
    await page.getByTestId("step-next").click();
    await page.getByTestId("step-next").click();
    const field = page.getByLabel(`${c("fields.cashInHand.label")} (EUR)`, { exact: true });
    await field.fill(typedText);
    await page.getByTestId("step-next").click();
    await expect(page.getByTestId("step-title")).toHaveText(c("steps.cash.title"));
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const question = page.getByTestId("amount-question");
    await expect(question).toBeVisible();
    await question.getByRole("button", { name: answer, exact: true }).click();
    await expect(field).toHaveValue("12500");
    await page.getByTestId("step-next").click();
    await expect(page.getByTestId("nisab-status")).toHaveText(c("results.aboveNisab"));
  });
}

test("a pasted bank amount with its currency is read", async ({ page }) => {
  await page.goto("/fr/calculator");
  await page.waitForLoadState("networkidle");
  const c = (key: string) => text("fr", `calculator:${key}`);
  await page.getByRole("checkbox", { name: c("assets.cash.label") }).check();
  await page.getByTestId("step-next").click();
  await page.getByTestId("step-next").click();
  const field = page.getByLabel(`${c("fields.cashInHand.label")} (EUR)`, { exact: true });
  await field.fill("2\u202F500,00\u00A0€");
  await expect(field).toHaveValue("2 500,00");
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("nisab-status")).toHaveText(c("results.aboveNisab"));
});
