// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { useState } from "react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import frCalculator from "#locales/fr/calculator.json";
import nlCalculator from "#locales/nl/calculator.json";
import { i18nFor } from "~/app/i18n";
import { toCalculateRequest } from "../model/compute-core";
import { initialDraft, type Draft } from "../model/draft";
import { cashDraft } from "../test/drafts";
import { SettingsFields } from "./settings-fields";

afterEach(cleanup);

const base = initialDraft("en");
/** €15,750.50 in cash and a €12000 account, prices typed by hand */
const typed: Draft = {
  ...cashDraft("cash"),
  amounts: { ...base.amounts, cashInHand: "15,750.50" },
};

let current: Draft = typed;
function Harness({ initial, lang = "en" }: { initial: Draft; lang?: "en" | "fr" | "nl" }) {
  const [draft, setDraft] = useState(initial);
  current = draft;
  return (
    <I18nextProvider i18n={i18nFor(lang)}>
      <SettingsFields
        draft={draft}
        update={(change) => setDraft(change)}
        lang={lang}
        priceStatus="idle"
        onRefreshPrices={() => {}}
      />
    </I18nextProvider>
  );
}

const pickUsd = () =>
  fireEvent.change(screen.getByLabelText("Currency"), { target: { value: "USD" } });
const question = () =>
  screen.getByRole("group", {
    name: "The amounts you typed are in EUR. Are they still in EUR, or did you mean USD?",
  });

// issue 30: €15,750.50 became $15,750.50 when the calculation's currency changed
describe("SettingsFields: changing the calculation's currency never relabels the amounts", () => {
  it("asks first, and keeps the amounts in euros, converted, when they are", () => {
    render(<Harness initial={typed} />);
    pickUsd();
    expect(current.settings.currency).toBe("EUR"); // nothing changed before the answer
    fireEvent.click(
      within(question()).getByRole("button", {
        name: "Keep them in EUR, converted to USD at the day’s rate",
      }),
    );
    expect(screen.queryByTestId("currency-change")).toBeNull();
    expect(current.settings.currency).toBe("USD");
    expect(current.amountCurrencies.cashInHand).toBe("EUR");
    expect(current.bankAccounts[0]!.currency).toBe("EUR");
    // euros per gram are not dollars per gram: typed again
    expect(current.settings.goldPriceText).toBe("");
    expect(toCalculateRequest(current)).toBe("prices");
    // the request sends euros to be converted, and asks for a EUR rate, not $15,750.50
    const priced: Draft = {
      ...current,
      settings: { ...current.settings, goldPriceText: "85", silverPriceText: "1" },
    };
    expect(toCalculateRequest(priced)).toBe("rates");
    const withRate: Draft = {
      ...priced,
      settings: {
        ...priced.settings,
        rates: { EUR: { text: "1.08", source: "request", date: "" } },
      },
    };
    const request = toCalculateRequest(withRate);
    if (typeof request === "string") throw new Error(request);
    expect(JSON.stringify(request)).toContain('{"amount":"15750.50","currency":"EUR"}');
  });

  it("keeps the numbers when the person says they were meant in the new currency", () => {
    render(<Harness initial={typed} />);
    pickUsd();
    fireEvent.click(
      within(question()).getByRole("button", { name: "They are in USD: keep the numbers" }),
    );
    expect(current.settings.currency).toBe("USD");
    expect(current.amountCurrencies).toEqual({});
    expect(current.bankAccounts[0]!.currency).toBeUndefined();
    expect(current.settings.goldPriceText).toBe("80.00");
  });

  it("can be called off, and does not ask when nothing is typed", () => {
    render(<Harness initial={typed} />);
    pickUsd();
    fireEvent.click(within(question()).getByRole("button", { name: "Stay in EUR" }));
    expect(current.settings.currency).toBe("EUR");
    expect((screen.getByLabelText("Currency") as HTMLSelectElement).value).toBe("EUR");
    cleanup();

    render(<Harness initial={base} />);
    pickUsd();
    expect(screen.queryByTestId("currency-change")).toBeNull();
    expect(current.settings.currency).toBe("USD");
  });
});

describe("SettingsFields: the currency question in French and Dutch", () => {
  const fill = (text: string) => text.replaceAll("{{from}}", "EUR").replaceAll("{{to}}", "USD");
  it.each([
    ["fr", frCalculator],
    ["nl", nlCalculator],
  ] as const)("%s asks in its own words, and its answer converts", (lang, catalogue) => {
    const words = catalogue.settings.currencyChange;
    render(<Harness initial={typed} lang={lang} />);
    fireEvent.change(screen.getByLabelText(catalogue.settings.currency), {
      target: { value: "USD" },
    });
    expect(current.settings.currency).toBe("EUR");
    const asked = screen.getByRole("group", { name: fill(words.question) });
    expect(within(asked).getByRole("button", { name: fill(words.relabel) })).toBeTruthy();
    expect(within(asked).getByRole("button", { name: fill(words.cancel) })).toBeTruthy();
    fireEvent.click(within(asked).getByRole("button", { name: fill(words.keep) }));
    expect(current.settings.currency).toBe("USD");
    expect(current.amountCurrencies.cashInHand).toBe("EUR");
  });
});
