// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderAt } from "~/features/auth/test/render";
import { apiCalls, apiError, installContractServer, route, serve } from "~/test/msw";
import { NisabValuesPage } from "./nisab-values-page";

// Issue 30: the nisab of the day in the visitor's currency, from the server's prices, on a page
// of Hawl's own in the visitor's language (the header sent French and Dutch readers to a UK site).

installContractServer();
afterEach(cleanup);

/** GET /api/prices: per gram, 100 of gold and 1 of silver in EUR, 110 and 1.2 in USD. */
const prices = () =>
  route("get", "/api/prices", ({ url }) => {
    const currency = url.searchParams.get("currency");
    return Response.json({
      goldPerGram: currency === "USD" ? "110" : "100",
      silverPerGram: currency === "USD" ? "1.2" : "1",
      currency,
      source: "live",
      fetchedAt: "2026-11-28T07:00:00.000Z",
    });
  });

const pages = {
  en: { at: "/nisab-values", gold: "€8,500.00", silver: "€595.00", usd: "$9,350.00" },
  fr: { at: "/fr/nisab-values", gold: "8 500,00 €", silver: "595,00 €", usd: "9 350,00 $US" },
  nl: { at: "/nl/nisab-values", gold: "€ 8.500,00", silver: "€ 595,00", usd: "US$ 9.350,00" },
} as const;

const plain = (text: string | null) => (text ?? "").replace(/[\u00a0\u202f]/g, " ");

describe.each(Object.entries(pages))("nisab values page (%s)", (_lang, page) => {
  it("shows 85 g of gold and 595 g of silver at today's prices, in the chosen currency", async () => {
    serve(prices());
    renderAt(page.at, { [page.at]: <NisabValuesPage /> });
    const gold = await screen.findByTestId("nisab-values-gold");
    expect(plain(gold.textContent)).toContain(plain(page.gold));
    expect(plain(screen.getByTestId("nisab-values-silver").textContent)).toContain(
      plain(page.silver),
    );
    expect(screen.getByTestId("nisab-values-source").textContent).toMatch(/2026/);

    const select =
      within(screen.getByTestId("nisab-values-currency")).queryByRole("combobox") ??
      screen.getByRole("combobox");
    act(() => {
      fireEvent.change(select, { target: { value: "USD" } });
    });
    const usd = await screen.findByText(
      (_, el) =>
        el?.getAttribute("data-testid") === "nisab-values-gold" &&
        plain(el.textContent).includes(plain(page.usd)),
    );
    expect(usd).toBeTruthy();
    expect(apiCalls().map((call) => call.search)).toEqual(["?currency=EUR", "?currency=USD"]);
  });

  it("says when the prices cannot be loaded, and tries again", async () => {
    serve(route("get", "/api/prices", () => apiError(503, "UNAVAILABLE", "down")));
    renderAt(page.at, { [page.at]: <NisabValuesPage /> });
    expect(await screen.findByTestId("nisab-values-error")).toBeTruthy();
    serve(prices());
    act(() => {
      fireEvent.click(screen.getByTestId("nisab-values-retry"));
    });
    expect(await screen.findByTestId("nisab-values-gold")).toBeTruthy();
  });
});
