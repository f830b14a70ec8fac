import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { calculateRequestSchema } from "../../../src/contracts/calculate.ts";
import { toCalculateResponse, toZakatInput } from "../../../src/contracts/calculate-convert.ts";
import { calculateZakat } from "../../../src/domain/zakat/calculate.ts";
import { t as text, type Lang } from "./i18n.ts";

// API.md's example as a guest types it in the calculator (calculator.spec.ts, offline.spec.ts):
// cash 500 + a savings account of 12,000, 20 g of 24 karat gold at 80.00/g, silver at 0.95/g, a
// personal loan of 1,000, amounts typed as people of each language do, prices typed by hand
// (offline mode). The zakat due is computed here with the domain code: 327.50.

/** where specs write their screenshots */
export const artifacts = path.resolve(import.meta.dirname, "../artifacts");

export const expected = toCalculateResponse(
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

export const typed: Record<Lang, { bank: string; loan: string; gold: string; silver: string }> = {
  en: { bank: "12,000.00", loan: "1000", gold: "80.00", silver: "0.95" },
  fr: { bank: "12 000", loan: "1 000", gold: "80,00", silver: "0,95" },
  nl: { bank: "12.000,00", loan: "1000", gold: "80,00", silver: "0,95" },
  // Arabic with Western digits (decision 070), and as an Arabic keyboard types them
  ar: { bank: "12,000.00", loan: "١٠٠٠", gold: "80.00", silver: "0.95" },
  tr: { bank: "12.000,00", loan: "1000", gold: "80,00", silver: "0,95" },
};
export const dueText: Record<Lang, string> = {
  en: "€327.50",
  fr: "327,50 €",
  nl: "€ 327,50",
  ar: "327.50 €",
  tr: "€327,50",
};
/** Spaces as one plain space, without the bidi marks Intl puts around Arabic amounts. */
export const spaces = (s: string) =>
  s
    .replace(/[\u200e\u200f\u061c]/g, "")
    .replace(/[\s\u00A0\u202F]+/g, " ")
    .trim();

export async function fillCase(page: Page, lang: Lang, shoot: boolean, width: number) {
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
