import path from "node:path";
import { expect, test } from "@playwright/test";
import { localizedPath } from "../../src/web/app/route-table.ts";
import { artifacts, dueText, expected, fillCase, spaces } from "./support/calculator-case.ts";
import { t as text } from "./support/i18n.ts";

// The printable one-page summary (PRODUCT.md "Exports"): at the results step, printing shows
// the summary only (no header, footer, step navigation, buttons or dialogs) and it fits on one
// A4 page, in each language. Chromium's own PDF output is the printout.

/** pages of a PDF Chromium produced: one `/Type /Page` object per page */
/** the gold price of the case (80.00 a gram) as each language writes it */
const goldText = { en: "€80.00", fr: "80,00 €", nl: "€ 80,00", ar: "80.00 €" } as const;

function pageCount(pdf: Buffer): number {
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

// Arabic for the right-to-left page (Turkish prints as the left-to-right ones do)
for (const lang of ["en", "fr", "nl", "ar"] as const) {
  test(`the results print as a one-page summary in ${lang}`, async ({ page }) => {
    await page.goto(localizedPath(lang, "calculator"));
    await page.waitForLoadState("networkidle");
    await fillCase(page, lang, false, 1280);
    await expect(page.getByTestId("zakat-due")).toBeVisible();
    // the prompt under the result (guests: the account prompt, decision 056) stays on screen
    // when printing is asked from the browser menu; it must not print (it comes with the
    // dialogs' chunk, decision 029: a moment after the results)
    await expect(page.getByTestId("guest-save-prompt")).toBeVisible();
    await page.emulateMedia({ media: "print" });

    await expect(page.getByRole("banner")).toBeHidden();
    await expect(page.getByRole("contentinfo")).toBeHidden();
    await expect(page.getByTestId("step-back")).toBeHidden();
    await expect(page.getByTestId("open-settings")).toBeHidden();
    await expect(page.getByTestId("privacy-note")).toBeHidden();
    await expect(page.getByTestId("guest-save-prompt")).toBeHidden();
    await expect(page.getByTestId("zakat-due")).toBeVisible();
    expect(spaces(await page.getByTestId("zakat-due").innerText())).toBe(dueText[lang]);
    await expect(page.getByTestId("result-line")).toHaveCount(expected.lines.length);
    for (const line of await page.getByTestId("result-line").all())
      await expect(line).toBeVisible();
    // what the amount rests on prints too: prices per gram, their source, nisab, preset
    const c = (key: string) => text(lang, `calculator:${key}`);
    await expect(page.getByTestId("price-basis")).toBeVisible();
    expect(spaces(await page.getByTestId("basis-gold-price").innerText())).toBe(
      c("results.basis.perGram").replace("{{price}}", goldText[lang]),
    );
    await expect(page.getByTestId("basis-source")).toContainText(c("results.basis.sources.manual"));
    await expect(page.getByTestId("basis-preset")).toHaveText(c("settings.presets.standard"));
    await expect(page.getByTestId("basis-nisab-silver")).toBeVisible();

    await page.screenshot({
      path: path.join(artifacts, `calculator-print-${lang}.png`),
      fullPage: true,
    });
    const pdf = await page.pdf({
      format: "A4",
      printBackground: true,
      path: path.join(artifacts, `calculator-print-${lang}.pdf`),
    });
    expect(pageCount(pdf)).toBe(1);
  });
}

test("a result with every category still prints on one page", async ({ page }) => {
  // five bank accounts and a line per input: the longest summary the calculator makes
  await page.goto("/calculator");
  await page.waitForLoadState("networkidle");
  await fillCase(page, "en", false, 1280);
  // the guest's account prompt shows once under the results
  await expect(page.getByTestId("guest-save-prompt")).toBeVisible();
  await page.getByTestId("guest-save-later").click();
  await expect(page.getByTestId("guest-save-prompt")).toBeHidden();
  await page.getByTestId("step-back").click(); // liability amounts
  await page.getByTestId("step-back").click(); // gold and silver
  await page.getByTestId("step-back").click(); // cash
  for (let n = 2; n <= 5; n++) {
    await page.getByRole("button", { name: text("en", "calculator:bank.add") }).click();
    const label = text("en", "calculator:bank.amount").replace("{{number}}", String(n));
    await page.getByLabel(`${label} (EUR)`, { exact: true }).fill(`${n}00`);
  }
  for (let i = 0; i < 3; i++) await page.getByTestId("step-next").click();
  await expect(page.getByTestId("zakat-due")).toBeVisible();
  // back to online mode: the server has no feed here, so Hawl's shipped prices, and the
  // results say so in a notice that prints too (its button does not)
  await page.getByTestId("open-settings").click();
  const dialog = page.getByRole("dialog");
  await dialog
    .getByRole("radio", { name: new RegExp(text("en", "calculator:settings.modes.online.label")) })
    .check();
  await dialog.getByRole("button", { name: text("en", "calculator:settings.done") }).click();
  await expect(page.getByTestId("prices-stale")).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("prices-stale")).toBeVisible();
  await expect(page.getByTestId("type-prices")).toBeHidden();
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  await page.screenshot({
    path: path.join(artifacts, "calculator-print-longest.png"),
    fullPage: true,
  });
  expect(pageCount(pdf)).toBe(1);
});
