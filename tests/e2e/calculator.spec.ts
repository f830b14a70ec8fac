import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import {
  calculateRequestSchema,
  toCalculateResponse,
  toZakatInput,
} from "../../src/contracts/calculate.ts";
import { calculateZakat } from "../../src/domain/zakat/calculate.ts";
import { localizedPath } from "../../src/web/app/route-table.ts";
import { t as text, type Lang } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";

// A guest completes every step of the calculator in each language for API.md's example (cash
// 500 + a savings account of 12,000, 20 g of 24 karat gold at 80.00/g, silver at 0.95/g, a
// personal loan of 1,000), typing amounts as people of that language do, with prices typed by
// hand (offline mode), and sees the zakat due formatted for the language.
const artifacts = path.resolve(import.meta.dirname, "artifacts");

const expected = toCalculateResponse(
  calculateZakat(
    toZakatInput(
      calculateRequestSchema.parse({
        currency: "EUR",
        prices: { goldPerGram: "80.00", silverPerGram: "0.95" },
        assetSelection: { cash: true, goldAndSilver: true },
        liabilitySelection: { personalLoans: true },
        cashAmounts: {
          cashInHand: "500",
          bankAccounts: [{ id: "a", label: "savings", amount: "12000" }],
        },
        goldSilverAmounts: { isWeight: true, gold: "20", goldKarat: 24 },
        liabilityAmounts: { personalLoans: "1000" },
      }),
    ),
  ),
);

const typed: Record<Lang, { bank: string; loan: string; gold: string; silver: string }> = {
  en: { bank: "12,000", loan: "1,000", gold: "80.00", silver: "0.95" },
  fr: { bank: "12 000", loan: "1 000", gold: "80,00", silver: "0,95" },
  nl: { bank: "12.000", loan: "1.000", gold: "80,00", silver: "0,95" },
};
const dueText: Record<Lang, string> = { en: "€327.50", fr: "327,50 €", nl: "€ 327,50" };
const spaces = (s: string) => s.replace(/[\s\u00A0\u202F]+/g, " ").trim();

test("the fixed case is API.md's 327.50", () => {
  expect(expected.zakatDue).toBe("327.50");
});

async function fillCase(page: Page, lang: Lang, shoot: boolean, width: number) {
  const c = (key: string) => text(lang, `calculator:${key}`);
  const next = () => page.getByTestId("step-next").click();
  const title = page.getByTestId("step-title");
  const shot = async (name: string) => {
    if (shoot)
      await page.screenshot({
        path: path.join(artifacts, `calculator-${name}-${width}.png`),
        fullPage: true,
      });
  };

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(c("title"));
  // prices by hand (offline mode)
  await page.getByTestId("open-settings").click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("radio", { name: new RegExp(c("settings.modes.offline.label")) }).check();
  await dialog
    .getByLabel(c("settings.goldPrice").replace("{{currency}}", "EUR"))
    .fill(typed[lang].gold);
  await dialog
    .getByLabel(c("settings.silverPrice").replace("{{currency}}", "EUR"))
    .fill(typed[lang].silver);
  if (shoot) await shot("settings");
  await dialog.getByRole("button", { name: c("settings.done") }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("checkbox", { name: c("assets.cash.label") }).check();
  await page.getByRole("checkbox", { name: c("assets.goldAndSilver.label") }).check();
  await expect(page.getByTestId("step-progress")).toHaveText(
    c("progress.label").replace("{{current}}", "1").replace("{{total}}", "5"),
  );
  await shot("assets");
  await next();
  await expect(title).toHaveText(c("steps.liabilities.title"));
  await page.getByRole("checkbox", { name: c("liabilities.personalLoans.label") }).check();
  await next();

  await expect(title).toHaveText(c("steps.cash.title"));
  await page.getByLabel(`${c("fields.cashInHand.label")} (EUR)`, { exact: true }).fill("500");
  await page.getByRole("button", { name: c("bank.add") }).click();
  await page
    .getByLabel(`${c("bank.amount").replace("{{number}}", "1")} (EUR)`, { exact: true })
    .fill(typed[lang].bank);
  await shot("cash");
  await next();

  await expect(title).toHaveText(c("steps.goldSilver.title"));
  await page.getByRole("radio", { name: c("goldSilver.modes.weight") }).check();
  await page
    .getByLabel(`${c("fields.gold.label")} (${c("units.grams")})`, { exact: true })
    .fill("20");
  await shot("gold");
  await next();

  await expect(title).toHaveText(c("steps.liabilityAmounts.title"));
  await page
    .getByLabel(`${c("liabilities.personalLoans.label")} (EUR)`, { exact: true })
    .fill(typed[lang].loan);
  await next();
}

for (const lang of ["en", "fr", "nl"] as const) {
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

test("an amount that cannot be read is shown inline and blocks the step", async ({ page }) => {
  await page.goto("/fr/calculator");
  await page.waitForLoadState("networkidle");
  const c = (key: string) => text("fr", `calculator:${key}`);
  await page.getByRole("checkbox", { name: c("assets.cash.label") }).check();
  await page.getByTestId("step-next").click();
  await page.getByTestId("step-next").click();
  const field = page.getByLabel(`${c("fields.cashInHand.label")} (EUR)`, { exact: true });
  await field.fill("1.234");
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("step-title")).toHaveText(c("steps.cash.title"));
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByTestId("amount-error")).toHaveText(c("amount.errors.ambiguous"));
  await expect(field).toHaveValue("1.234");
});
