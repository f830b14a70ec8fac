// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18nFor } from "~/app/i18n";
import type { Language } from "~/app/route-table";
import { computeDraftInBrowser } from "../model/compute-core";
import { initialDraft, type Draft } from "../model/draft";
import { priceBasisOf } from "../model/price-basis";
import { Results } from "./results";

afterEach(cleanup);

const now = new Date("2026-11-23T12:00:00.000Z");

/** 12,000 in cash at gold 80 and silver 0.95 a gram, with the given source and date. */
function renderResults(
  lang: Language,
  priceSource: Draft["settings"]["priceSource"],
  pricesUpdatedAt: string,
  onTypePrices?: () => void,
) {
  const base = initialDraft(lang);
  const draft: Draft = {
    ...base,
    step: "results",
    assetSelection: { ...base.assetSelection, cash: true },
    amounts: { ...base.amounts, cashInHand: lang === "en" ? "12000" : "12000" },
    settings: {
      ...base.settings,
      goldPriceText: "80",
      silverPriceText: lang === "en" ? "0.95" : "0,95",
      priceSource,
      pricesUpdatedAt,
    },
  };
  const outcome = computeDraftInBrowser(draft);
  if (!outcome.ok) throw new Error(outcome.reason);
  return render(
    <I18nextProvider i18n={i18nFor(lang)}>
      <Results
        response={outcome.response}
        draft={draft}
        lang={lang}
        basis={priceBasisOf(draft, outcome.request.prices, now)}
        onTypePrices={onTypePrices}
      />
    </I18nextProvider>,
  );
}

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s+/g, " ");

describe("Results: what the amount rests on (issue 11)", () => {
  it("shows the prices per gram, their source and date, the nisab in grams and money, the preset", () => {
    renderResults("en", "live", "2026-11-23T08:00:00.000Z");
    expect(text("basis-gold-price")).toBe("€80.00 per gram");
    expect(text("basis-silver-price")).toBe("€0.95 per gram");
    expect(text("basis-source")).toMatch(/^live price feed, 23 November 2026/);
    expect(text("basis-preset")).toBe("Standard");
    expect(screen.getByText("Nisab in gold (85 g)")).toBeTruthy();
    expect(text("basis-nisab-gold")).toBe("€6,800.00");
    expect(screen.getByText("Nisab in silver (595 g)")).toBeTruthy();
    expect(text("basis-nisab-silver")).toBe("€565.25");
    expect(text("basis-nisab")).toBe("Nisab applied: the lower of the two, €565.25.");
    // today's prices: no warning
    expect(screen.queryByTestId("prices-stale")).toBeNull();
  });

  it("says in plain words that shipped prices are not today's, and offers to type them", () => {
    const onTypePrices = vi.fn();
    renderResults("en", "default", "2025-10-31T00:00:00.000Z", onTypePrices);
    expect(text("basis-source")).toBe("Hawl's built-in prices, 31 October 2025");
    const warning = screen.getByTestId("prices-stale");
    expect(warning.dataset.warning).toBe("default");
    expect(warning.textContent).toContain(
      "These are Hawl's built-in prices of 31 October 2025, not today's.",
    );
    fireEvent.click(screen.getByRole("button", { name: "Type today's prices" }));
    expect(onTypePrices).toHaveBeenCalledOnce();
  });

  it("says when the prices are more than 7 days old, in French and Dutch too", () => {
    renderResults("fr", "cache", "2026-11-10T09:30:00.000Z");
    expect(screen.getByTestId("prices-stale").dataset.warning).toBe("old");
    expect(text("prices-stale")).toContain("Ces prix datent du 10 novembre 2026");
    expect(text("basis-source")).toMatch(/^derniers prix connus, 10 novembre 2026 à /);
    expect(text("basis-gold-price")).toBe("80,00 € le gramme");
    cleanup();
    renderResults("nl", "manual", "2026-10-01T09:30:00.000Z");
    expect(text("prices-stale")).toContain("Deze prijzen zijn van 1 oktober 2026");
    expect(text("basis-source")).toMatch(/^met de hand ingevuld, 1 oktober 2026 om /);
  });
});
