// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor } from "~/app/i18n";
import type { Language } from "~/app/route-table";
import { computeDraftInBrowser } from "../model/compute-core";
import { initialDraft, type Draft } from "../model/draft";
import { priceBasisOf } from "../model/price-basis";
import { Results } from "./results";

afterEach(cleanup);

function renderResults(lang: Language, change: (draft: Draft) => Draft) {
  const base = initialDraft(lang);
  const draft = change({
    ...base,
    step: "results",
    settings: {
      ...base.settings,
      mode: "offline",
      goldPriceText: "80",
      silverPriceText: lang === "en" ? "0.95" : "0,95",
      priceSource: "manual",
      pricesUpdatedAt: "2026-11-23T08:00:00.000Z",
    },
  });
  const outcome = computeDraftInBrowser(draft);
  if (!outcome.ok) throw new Error(outcome.reason);
  render(
    <I18nextProvider i18n={i18nFor(lang)}>
      <Results
        response={outcome.response}
        draft={draft}
        lang={lang}
        basis={priceBasisOf(draft, outcome.request.prices, new Date())}
      />
    </I18nextProvider>,
  );
}

const lines = () =>
  screen.getAllByTestId("result-line").map((li) => li.textContent!.replace(/\s+/g, " "));

// issue 30: the weak-debt line said €0.00 and hid the €1,000 typed
const weakDebt = {
  en: ["€1,000.00 entered, €0.00 counted", "does not count until it is received"],
  fr: ["1 000,00 € saisis, 0,00 € comptés", "ne compte pas avant d'être reçue"],
  nl: ["€ 1.000,00 ingevuld, € 0,00 meegeteld", "telt pas mee als ze ontvangen is"],
} as const;

describe("Results: a line that counts less than was typed shows both, and the rule", () => {
  for (const lang of ["en", "fr", "nl"] as const) {
    it(`a weak debt of 1,000 (${lang})`, () => {
      renderResults(lang, (d) => ({
        ...d,
        assetSelection: { ...d.assetSelection, moneyOwedToMe: true, cash: true },
        amounts: { ...d.amounts, cashInHand: "2000", loan: "500", weakDebts: "1000" },
      }));
      const [cash, loan, weak] = lines();
      const [amounts, rule] = weakDebt[lang];
      expect(weak).toContain(amounts);
      expect(weak).toContain(rule);
      // lines counted in full show the amount once
      expect(cash).not.toMatch(/entered|saisis|ingevuld/);
      expect(loan).not.toMatch(/entered|saisis|ingevuld/);
    });
  }
});

// issue 30: a rate was shown as "1.3157356251"
const rateShown = { en: "× 1.31574 =", fr: "× 1,31574 =", nl: "× 1,31574 =" } as const;

describe("Results: a conversion's rate, to six significant digits", () => {
  for (const lang of ["en", "fr", "nl"] as const) {
    it(`in ${lang}`, () => {
      renderResults(lang, (d) => ({
        ...d,
        assetSelection: { ...d.assetSelection, cash: true },
        amounts: { ...d.amounts, cashInHand: "1000" },
        amountCurrencies: { cashInHand: "USD" },
        settings: {
          ...d.settings,
          rates: {
            USD: {
              text: lang === "en" ? "1.3157356251" : "1,3157356251",
              source: "request",
              date: "",
            },
          },
        },
      }));
      const line = screen.getByTestId("conversion").textContent!.replace(/\s+/g, " ");
      expect(line).toContain(rateShown[lang]);
    });
  }
});
