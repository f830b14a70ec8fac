// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor } from "~/app/i18n";
import type { Language } from "~/app/route-table";
import { formatDay } from "#domain/dates/gregorian.ts";
import { initialDraft, type Draft } from "../model/draft";
import { SettingsFields } from "./settings-fields";

// Issue 30: the settings said "Online — fetched for you" beside Hawl's shipped prices, 13 months
// old. What the prices are is said as it is: built in (with their day), the last fetched (with
// when), or fetched for you.

afterEach(cleanup);

function show(lang: Language, source: Draft["settings"]["priceSource"], at: string) {
  const base = initialDraft(lang);
  const draft: Draft = {
    ...base,
    settings: { ...base.settings, mode: "online", priceSource: source, pricesUpdatedAt: at },
  };
  render(
    <I18nextProvider i18n={i18nFor(lang)}>
      <SettingsFields
        draft={draft}
        update={() => {}}
        lang={lang}
        priceStatus="idle"
        onRefreshPrices={() => {}}
      />
    </I18nextProvider>,
  );
  return {
    mode: screen.getByTestId("mode-online-description").textContent ?? "",
    source: screen.getByTestId("price-source").textContent ?? "",
    date: screen.getByTestId("prices-updated").textContent ?? "",
  };
}

const shipped = {
  en: { mode: "Hawl's built-in prices of", fetched: "fetched for you" },
  fr: { mode: "prix intégrés à Hawl, du", fetched: "récupérés pour vous" },
  nl: { mode: "ingebouwde prijzen van Hawl van", fetched: "voor je opgehaald" },
} as const;

describe.each(Object.entries(shipped))("the price source in %s", (lang, words) => {
  it("shipped prices are said to be built in, with their day, never fetched", () => {
    const shown = show(lang as Language, "default", "2025-10-28T00:00:00.000Z");
    // the product's one date style (domain/dates), whatever it reads
    const day = formatDay("2025-10-28", lang as Language);
    expect(shown.mode).toContain(words.mode);
    expect(shown.mode).toContain(day);
    expect(shown.mode).not.toContain(words.fetched);
    expect(shown.date).toContain(day);
  });

  it("live prices are fetched for you", () => {
    const shown = show(lang as Language, "live", "2026-11-28T08:00:00.000Z");
    expect(shown.mode).toContain(words.fetched);
  });
});

it("the last prices fetched, when the feed did not answer, say so with when", () => {
  const shown = show("en", "cache", "2026-11-20T08:00:00.000Z");
  expect(shown.mode).toContain("The price feed did not answer");
  expect(shown.mode).toContain(formatDay("2026-11-20", "en"));
  expect(shown.source).toContain("last known prices");
});
