import {
  calculateRequestExamples,
  calculateRequestSchema,
  calculateResponseSchema,
} from "../calculate.ts";
import {
  pricesQuerySchema,
  pricesResponseSchema,
  ratesQuerySchema,
  ratesResponseSchema,
} from "../prices.ts";
import { endpoint } from "./types.ts";

// The public calculator: prices, rates and POST /api/calculate.
export const getPrices = endpoint({
  method: "get",
  path: "/api/prices",
  summary: "Gold and silver prices per gram in a currency, with where they come from (source)",
  tag: "prices",
  auth: "none",
  query: pricesQuerySchema,
  responses: {
    200: {
      description:
        "Prices per gram of pure gold and silver. `live`: from the configured provider " +
        "(PRICES_PROVIDER: gold-api.com by default, or the JSON feed at PRICES_URL), " +
        "cached in the database for PRICES_TTL_SECONDS (one fetch at a time, at most " +
        "PRICES_TIMEOUT_MS). When the feed fails, is slow, answers garbage or is not " +
        "configured: `cache`, the last fetched prices with the time they were fetched, else " +
        "`default`, the prices shipped with Hawl with the day they were set. The feed " +
        'document: `{ "updatedAt": ISO 8601, "unit": "gram" | "troyOunce", "prices": ' +
        '{ "EUR": { "gold": "3467.20", "silver": "42.05" }, … } }`, decimal strings for ' +
        "pure metal; troy ounces are converted at 31.1035 g and rounded half-up to 6 " +
        "decimals; a document with any zero, implausible or malformed price, or older than " +
        "7 days, is refused as a whole (docs/decisions/005-price-feed.md).",
      schema: pricesResponseSchema,
    },
  },
});

export const getRates = endpoint({
  method: "get",
  path: "/api/rates",
  summary:
    "Exchange rates of other currencies in a currency, as of a day, from the price source " +
    "(what POST /api/calculate takes for amounts in a currency without a rate in the body)",
  tag: "prices",
  auth: "none",
  query: ratesQuerySchema,
  responses: {
    200: {
      description:
        "The value of one unit of each `of` currency in `currency`, with its source and the " +
        "day it is of: from the provider's dollar rates when known (gold-api), else from the " +
        "day's gold prices in both currencies; rounded half-up to 10 decimals " +
        "(docs/decisions/022-live-prices-currencies-as-of.md).",
      schema: ratesResponseSchema,
    },
  },
});

export const calculate = endpoint({
  method: "post",
  path: "/api/calculate",
  summary:
    "Compute zakat from the calculation's inputs (anyone; stores nothing). Amounts are " +
    "decimal strings; omitted sections count as zero; methodology may give just a preset; " +
    "the answer is rounded half-up to the currency's minor unit, with one line per amount " +
    "entered naming the rule applied",
  tag: "calculator",
  auth: "none",
  body: calculateRequestSchema,
  bodyExamples: calculateRequestExamples,
  responses: { 200: { description: "The result", schema: calculateResponseSchema } },
});

export const calculatorEndpoints = [getPrices, getRates, calculate];
