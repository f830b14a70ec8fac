import { expect, test } from "@playwright/test";
import { localizedPath } from "../../src/web/app/route-table.ts";
import { spaces } from "./support/calculator-case.ts";
import { t as text } from "./support/i18n.ts";
import { watchPageHealth } from "./support/page-health.ts";

// An entry in MAD beside entries in EUR (decision 022): cash in hand of 200 EUR, a bank account
// of 10,000 MAD at a rate typed by hand of 0.0935 EUR per MAD, another account of 300 EUR. The
// zakatable amount is 200 + 935 + 300 = 1,435.00 EUR, and the MAD line shows its conversion
// (original amount, rate, source, date) in each language.

// Arabic: Western digits (decision 070), the dirham in its Arabic symbol; `spaces` drops the
// bidi marks Intl puts around Arabic amounts
const expectedZakatable = {
  en: "€1,435.00",
  fr: "1 435,00 €",
  nl: "€ 1.435,00",
  ar: "1,435.00 €",
  tr: "€1.435,00",
} as const;
const typedRate = { en: "0.0935", fr: "0,0935", nl: "0,0935", ar: "0.0935", tr: "0,0935" } as const;
const madAmount = {
  en: "MAD 10,000.00",
  fr: "10 000,00 MAD",
  nl: "MAD 10.000,00",
  ar: "10,000.00 د.م.",
  tr: "MAD 10.000,00",
} as const;

for (const lang of ["en", "fr", "nl", "ar", "tr"] as const) {
  test(`an entry in MAD beside entries in EUR, its conversion shown, in ${lang}`, async ({
    page,
  }) => {
    const health = watchPageHealth(page);
    const c = (key: string) => text(lang, `calculator:${key}`);
    await page.goto(localizedPath(lang, "calculator"));
    await page.waitForLoadState("networkidle");

    await page.getByRole("checkbox", { name: c("assets.cash.label") }).check();
    await page.getByTestId("step-next").click();
    await page.getByTestId("step-next").click();
    await expect(page.getByTestId("step-title")).toHaveText(c("steps.cash.title"));

    await page.getByLabel(`${c("fields.cashInHand.label")} (EUR)`, { exact: true }).fill("200");
    const bankLabel = (n: number, currency: string) =>
      `${c("bank.amount").replace("{{number}}", String(n))} (${currency})`;
    await page.getByRole("button", { name: c("bank.add") }).click();
    await page.getByLabel(bankLabel(1, "EUR"), { exact: true }).fill("10000");
    await page
      .getByTestId("bank-account")
      .first()
      .getByTestId("entry-currency")
      .selectOption("MAD");
    // the label now says the entry's own currency
    await expect(page.getByLabel(bankLabel(1, "MAD"), { exact: true })).toHaveValue("10000");
    await page.getByRole("button", { name: c("bank.add") }).click();
    await page.getByLabel(bankLabel(2, "EUR"), { exact: true }).fill("300");

    // the rate of MAD in EUR, typed by hand
    const rateField = page.getByLabel(
      c("rates.label").replace("{{from}}", "MAD").replace("{{to}}", "EUR"),
      { exact: true },
    );
    await expect(rateField).toBeVisible();
    await rateField.fill(typedRate[lang]);
    await page.getByTestId("step-next").click();

    await expect(page.getByTestId("step-title")).toHaveText(c("steps.results.title"));
    // the guest's account prompt, under the result: it comes with the dialogs' chunk
    // (decision 029), so a moment after the results
    await expect(page.getByTestId("guest-save-prompt")).toBeVisible();

    expect(spaces(await page.getByTestId("zakatable-amount").innerText())).toBe(
      expectedZakatable[lang],
    );
    const conversions = page.getByTestId("conversion");
    await expect(conversions).toHaveCount(1);
    const line = spaces(await conversions.first().innerText());
    expect(line).toContain(spaces(madAmount[lang]));
    expect(line).toContain(`× ${typedRate[lang]}`);
    expect(line).toContain(c("rateSources.request"));
    expect(health.problems, health.describe()).toEqual([]);
  });
}

// issue 30: €15,750.50 became $15,750.50 when the calculation's currency changed
test("changing the calculation's currency asks, and keeps euros as euros, converted", async ({
  page,
}) => {
  const health = watchPageHealth(page);
  const c = (key: string) => text("en", `calculator:${key}`);
  await page.goto("/calculator");
  await page.waitForLoadState("networkidle");
  await page.getByRole("checkbox", { name: c("assets.cash.label") }).check();
  await page.getByTestId("step-next").click();
  await page.getByTestId("step-next").click();
  await page.getByLabel(`${c("fields.cashInHand.label")} (EUR)`, { exact: true }).fill("15,750.50");

  await page.getByTestId("open-settings").click();
  const dialog = page.getByTestId("settings-dialog");
  await dialog.getByLabel(c("settings.currency"), { exact: true }).selectOption("USD");
  const question = dialog.getByTestId("currency-change");
  await expect(question).toBeVisible();
  await question
    .getByRole("button", { name: "Keep them in EUR, converted to USD at the day’s rate" })
    .click();
  await expect(question).toBeHidden();
  await dialog.getByRole("button", { name: c("settings.done") }).click();
  await expect(dialog).toBeHidden();

  // the entry still says EUR, and its rate in USD is asked for (or fetched)
  await expect(
    page.getByLabel(`${c("fields.cashInHand.label")} (EUR)`, { exact: true }),
  ).toHaveValue("15,750.50");
  const rateField = page.getByLabel(
    c("rates.label").replace("{{from}}", "EUR").replace("{{to}}", "USD"),
    { exact: true },
  );
  await expect(rateField).toBeVisible();
  await rateField.fill("1.08");
  await page.getByTestId("step-next").click();
  await expect(page.getByTestId("step-title")).toHaveText(c("steps.results.title"));
  await expect(page.getByTestId("guest-save-prompt")).toBeVisible();
  const line = spaces(await page.getByTestId("conversion").first().innerText());
  expect(line).toContain("€15,750.50");
  expect(line).toContain("× 1.08");
  expect(health.problems, health.describe()).toEqual([]);
});
