import { describe, expect, it } from "vitest";
import { currencyCodes } from "#domain/money/currency.ts";
import { embedCurrencies } from "#domain/embed/index.ts";
import { currencyLabel } from "./currency-label";

describe("the embed's currencies (issue 30)", () => {
  it("are every currency the calculator has", () => {
    expect(embedCurrencies).toEqual(currencyCodes);
  });

  it("are named in the page's language, after their code", () => {
    expect(currencyLabel("EUR", "en")).toBe("EUR — Euro");
    expect(currencyLabel("MAD", "fr")).toMatch(/^MAD — dirham marocain$/i);
    expect(currencyLabel("USD", "nl")).toMatch(/^USD — Amerikaanse dollar$/i);
  });
});
