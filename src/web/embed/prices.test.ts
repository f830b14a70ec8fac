import { describe, expect, it } from "vitest";
import { initialDraft } from "~/features/calculator/model/draft";
import { readPricesAnswer, shippedPrices, withPrices } from "./prices";

const answer = {
  goldPerGram: "111.5",
  silverPerGram: "1.35",
  currency: "EUR",
  source: "live",
  fetchedAt: "2025-10-31T12:00:00.000Z",
};

describe("readPricesAnswer", () => {
  it("takes an answer of GET /api/prices for the currency asked", () => {
    expect(readPricesAnswer(answer, "EUR")).toEqual({
      goldPerGram: "111.5",
      silverPerGram: "1.35",
      source: "live",
      fetchedAt: "2025-10-31T12:00:00.000Z",
    });
  });

  it.each([
    ["another currency", { ...answer, currency: "USD" }],
    ["a zero price", { ...answer, goldPerGram: "0.00" }],
    ["a number", { ...answer, silverPerGram: 1.35 }],
    ["an exponent", { ...answer, goldPerGram: "1e3" }],
    ["an unknown source", { ...answer, source: "guess" }],
    ["a bad date", { ...answer, fetchedAt: "yesterday" }],
    ["null", null],
  ])("refuses %s", (_, data) => {
    expect(readPricesAnswer(data, "EUR")).toBeNull();
  });
});

describe("withPrices", () => {
  it("writes the prices for typing in the draft's language, with source, date and mode", () => {
    const draft = withPrices(initialDraft("fr"), shippedPrices("EUR"), "offline");
    expect(draft.settings).toMatchObject({
      mode: "offline",
      goldPriceText: "111,5",
      silverPriceText: "1,35",
      priceSource: "default",
      pricesUpdatedAt: "2025-10-31T00:00:00.000Z",
    });
  });
});
