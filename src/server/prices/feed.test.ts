import { describe, expect, it } from "vitest";
import { currencyCodes } from "../../domain/money/currency.ts";
import { defaultPrices } from "./defaults.ts";
import { parsePriceFeed, PriceFeedError, pricesFor, toPerGram } from "./feed.ts";

const now = new Date("2026-11-20T12:00:00Z");

function feed(overrides: Record<string, unknown> = {}) {
  return {
    updatedAt: "2026-11-20T11:00:00Z",
    unit: "gram",
    prices: {
      EUR: { gold: "111.50", silver: "1.35" },
      USD: { gold: "128.60", silver: "1.56" },
    },
    ...overrides,
  };
}

describe("toPerGram", () => {
  it.each([
    // [price, unit, per gram]: rounded half-up to 6 decimals, plain notation, no trailing zeros
    ["111.50", "gram", "111.5"],
    ["0.0000005", "gram", "0.000001"],
    ["0.00000049", "gram", "0"],
    ["2138666.07", "gram", "2138666.07"],
    ["3110.35", "troyOunce", "100"],
    ["155517.5", "troyOunce", "5000"],
    ["4000", "troyOunce", "128.60289"],
    ["48.50", "troyOunce", "1.55931"],
    ["3467.20", "troyOunce", "111.472985"],
    ["42.05", "troyOunce", "1.351938"],
    ["2654.321", "troyOunce", "85.338338"],
    ["1", "troyOunce", "0.032151"],
    // 100.0000005 g exactly: the half goes up, not to even
    ["3110.35001555175", "troyOunce", "100.000001"],
    // an IDR ounce price beyond float's exact cents: decimal all the way
    ["66519999.99", "troyOunce", "2138666.066198"],
  ] as const)("%s per %s → %s per gram", (price, unit, expected) => {
    expect(toPerGram(price, unit)).toBe(expected);
  });
});

describe("parsePriceFeed accepts", () => {
  it("prices per gram, normalised", () => {
    const parsed = parsePriceFeed(feed(), { now });
    expect(parsed.updatedAt.toISOString()).toBe("2026-11-20T11:00:00.000Z");
    expect(pricesFor(parsed, "EUR")).toEqual({ goldPerGram: "111.5", silverPerGram: "1.35" });
    expect(pricesFor(parsed, "USD")).toEqual({ goldPerGram: "128.6", silverPerGram: "1.56" });
  });

  it("prices per troy ounce, divided by 31.1035 (never ×3 or ×21)", () => {
    const parsed = parsePriceFeed(
      feed({ unit: "troyOunce", prices: { EUR: { gold: "3467.20", silver: "42.05" } } }),
      { now },
    );
    expect(pricesFor(parsed, "EUR")).toEqual({
      goldPerGram: "111.472985",
      silverPerGram: "1.351938",
    });
  });

  it("currency codes it does not know, ignoring them", () => {
    const parsed = parsePriceFeed(
      feed({
        prices: { EUR: { gold: "111.50", silver: "1.35" }, JPY: { gold: "1", silver: "1" } },
      }),
      { now },
    );
    expect(Object.keys(parsed.prices)).toEqual(["EUR"]);
  });

  it("extra fields (forward compatible)", () => {
    const document = feed({
      publisher: "LBMA",
      prices: { EUR: { gold: "111.50", silver: "1.35", platinum: "30" } },
    });
    expect(pricesFor(parsePriceFeed(document, { now }), "EUR").goldPerGram).toBe("111.5");
  });

  it("a timestamp with an offset, a few minutes ahead of our clock", () => {
    const parsed = parsePriceFeed(feed({ updatedAt: "2026-11-20T13:05:00+01:00" }), { now });
    expect(parsed.updatedAt.toISOString()).toBe("2026-11-20T12:05:00.000Z");
  });

  it("the shipped defaults of every currency (they sit inside their own band)", () => {
    const parsed = parsePriceFeed(
      feed({
        prices: Object.fromEntries(
          currencyCodes.map((c) => [
            c,
            { gold: defaultPrices[c].goldPerGram, silver: defaultPrices[c].silverPerGram },
          ]),
        ),
      }),
      { now },
    );
    expect(Object.keys(parsed.prices)).toEqual([...currencyCodes]);
  });
});

describe("parsePriceFeed refuses", () => {
  const eur = (gold: unknown, silver: unknown = "1.35") => ({ prices: { EUR: { gold, silver } } });
  it.each([
    ["not an object", "<html>Service unavailable</html>", /wrong shape/],
    ["null", null, /wrong shape/],
    ["an array", [], /wrong shape/],
    ["no updatedAt", feed({ updatedAt: undefined }), /updatedAt/],
    ["a date without time", feed({ updatedAt: "2026-11-20" }), /updatedAt/],
    ["an unknown unit", feed({ unit: "kilogram" }), /unit/],
    ["an ounce unit spelled loosely", feed({ unit: "oz" }), /unit/],
    ["no prices", feed({ prices: {} }), /no prices/],
    ["prices as a list", feed({ prices: [{ EUR: {} }] }), /prices/],
    [
      "a lower-case code",
      feed({ prices: { eur: { gold: "111.5", silver: "1.35" } } }),
      /prices\.eur/,
    ],
    ["a number instead of a string", feed(eur(111.5)), /EUR\.gold/],
    ["a negative price", feed(eur("-111.50")), /EUR\.gold/],
    ["an exponent", feed(eur("1.115e2")), /EUR\.gold/],
    ["a locale-formatted price", feed(eur("1.234,56")), /EUR\.gold/],
    ["a thousands separator", feed(eur("1,234.56")), /EUR\.gold/],
    ["NaN", feed(eur("NaN")), /EUR\.gold/],
    ["Infinity", feed(eur("Infinity")), /EUR\.gold/],
    ["an empty string", feed(eur("")), /EUR\.gold/],
    ["a 40-digit price", feed(eur("1".repeat(40))), /EUR\.gold/],
    ["a missing silver", feed({ prices: { EUR: { gold: "111.50" } } }), /EUR\.silver/],
    ["a zero gold price", feed(eur("0")), /EUR gold: zero/],
    ["a zero silver price", feed(eur("111.50", "0.000")), /EUR silver: zero/],
    ["a price that rounds to zero", feed(eur("111.50", "0.0000001")), /EUR silver: zero/],
    ["an ounce price sent as per gram (×31.1)", feed(eur("3467.20")), /EUR gold: .*plausible/],
    [
      "a gram price sent as per ounce",
      feed({ unit: "troyOunce", ...eur("111.50", "42.05") }),
      /plausible/,
    ],
    ["an absurd price", feed(eur("999999999")), /EUR gold: .*plausible/],
    ["an absurdly low price", feed(eur("0.01")), /EUR gold: .*plausible/],
    ["gold and silver swapped", feed(eur("5.00", "100.00")), /plausible/],
    ["gold not dearer than silver", feed(eur("20.00", "20.00")), /gold is not dearer/],
    [
      "a bad entry for another currency",
      feed({
        prices: { EUR: { gold: "111.5", silver: "1.35" }, USD: { gold: "-1", silver: "1" } },
      }),
      /USD\.gold/,
    ],
    [
      "an implausible entry for another currency",
      feed({
        prices: { EUR: { gold: "111.5", silver: "1.35" }, IDR: { gold: "111.5", silver: "1.35" } },
      }),
      /IDR gold/,
    ],
    ["a document from the future", feed({ updatedAt: "2026-11-20T12:30:00Z" }), /future/],
    ["a document more than 7 days old", feed({ updatedAt: "2026-11-13T11:59:59Z" }), /7 days/],
  ])("%s", (_name, document, message) => {
    expect(() => parsePriceFeed(document, { now })).toThrow(PriceFeedError);
    expect(() => parsePriceFeed(document, { now })).toThrow(message);
  });

  it("a currency the feed does not carry", () => {
    const parsed = parsePriceFeed(feed(), { now });
    expect(() => pricesFor(parsed, "MYR")).toThrow(
      new PriceFeedError("the feed has no prices for MYR"),
    );
  });
});
