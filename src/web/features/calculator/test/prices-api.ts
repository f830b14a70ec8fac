import { beforeEach } from "vitest";
import type { PricesResponse } from "../../../../contracts/prices";
import { installContractServer, route, serve } from "~/test/msw";

// GET /api/prices as an MSW handler checked against the contract
// (src/contracts/endpoints/calculator.ts): the asked currency, the given prices.

export const prices = (fields: Partial<PricesResponse> = {}): PricesResponse => ({
  goldPerGram: "80",
  silverPerGram: "0.95",
  currency: "EUR",
  source: "default",
  fetchedAt: "2025-01-01T00:00:00.000Z",
  ...fields,
});

/**
 * Answers GET /api/prices: with `answer` (the currency asked for unless it names one), with the
 * Response `answer` returns, or `Response.error()` for a network that is down.
 */
export function servePrices(answer: Partial<PricesResponse> | (() => Response) = {}): void {
  serve(
    route("get", "/api/prices", ({ url }) => {
      if (typeof answer === "function") return answer();
      const currency = url.searchParams.get("currency") as PricesResponse["currency"];
      return Response.json(prices({ currency, ...answer }));
    }),
  );
}

/**
 * The calculator page's test setup (one call at the top of the file): the contract server, and
 * before each test an empty storage, GET /api/prices answered with `answer`, and a window that
 * can scroll.
 */
export function setUpCalculatorPage(answer: Partial<PricesResponse> = {}): void {
  installContractServer();
  beforeEach(() => {
    localStorage.clear();
    servePrices(answer);
    window.scrollTo = () => {};
  });
}
