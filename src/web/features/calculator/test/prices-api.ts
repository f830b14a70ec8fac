import { beforeEach } from "vitest";
import type { PricesResponse } from "#contracts/prices.ts";
import { installContractServer, route, serve, type RouteRequest } from "~/test/msw";

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

type PricesAnswer = Partial<PricesResponse> | Response;

/**
 * Answers GET /api/prices with `answer`: prices in the currency asked for (unless it names
 * one), or a Response as it is (`Response.error()`: the network is down). A function gives the
 * answer for each request.
 */
export function servePrices(
  answer: PricesAnswer | ((request: RouteRequest) => PricesAnswer) = {},
): void {
  serve(
    route("get", "/api/prices", (request) => {
      const given = typeof answer === "function" ? answer(request) : answer;
      if (given instanceof Response) return given;
      const currency = request.url.searchParams.get("currency") as PricesResponse["currency"];
      return Response.json(prices({ currency, ...given }));
    }),
  );
}

/**
 * The calculator page's test setup (one call at the top of the file): the contract server, and
 * before each test an empty storage, GET /api/prices answered with `answer`, and a window that
 * can scroll.
 */
export function setUpCalculatorPage(answer: PricesAnswer = {}): void {
  installContractServer();
  beforeEach(() => {
    localStorage.clear();
    servePrices(answer);
    window.scrollTo = () => {};
  });
}
