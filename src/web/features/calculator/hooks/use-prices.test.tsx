// @vitest-environment jsdom
import { act, cleanup, screen } from "@testing-library/react";
import { useCallback, useState } from "react";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PricesResponse } from "#contracts/prices.ts";
import type { Language } from "~/app/route-table";
import { renderAt } from "~/features/auth/test/render";
import { initialDraft, type Draft } from "../model/draft";
import { apiError, installContractServer } from "~/test/msw";
import { METAL_PRICES_KEY } from "../model/last-prices";
import { servePrices } from "../test/prices-api";
import { usePrices } from "./use-prices";

// The calculator's prices: fetched and remembered online; when the fetch fails (network off,
// server down) the settings switch to offline mode with the last known or shipped prices, and a
// notice says so (decision 007).

function Harness({ lang }: { lang: Language }) {
  const [draft, setDraft] = useState<Draft>(() => initialDraft(lang));
  const update = useCallback((change: (d: Draft) => Draft) => setDraft(change), []);
  const prices = usePrices(draft, update, true);
  return (
    <output data-testid="state">
      {JSON.stringify({ ...draft.settings, status: prices.status })}
    </output>
  );
}

async function renderHarness(lang: Language = "en") {
  const at = lang === "en" ? "/calculator" : `/${lang}/calculator`;
  renderAt(at, { [at]: <Harness lang={lang} /> });
  await act(async () => {});
  return JSON.parse(screen.getByTestId("state").textContent ?? "null") as Draft["settings"] & {
    status: string;
  };
}

const answer: PricesResponse = {
  goldPerGram: "120.123456",
  silverPerGram: "1.456789",
  currency: "EUR",
  source: "live",
  fetchedAt: "2026-11-20T16:00:00.000Z",
};
const networkDown = () => servePrices(() => Response.error());

installContractServer();

let warning: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  localStorage.clear();
  warning = vi.spyOn(toast, "warning");
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("usePrices", () => {
  it("online: fills the settings with the answer and remembers it for this currency", async () => {
    servePrices(answer);
    const state = await renderHarness();
    expect(state).toMatchObject({
      mode: "online",
      goldPriceText: "120.123456",
      silverPriceText: "1.456789",
      priceSource: "live",
      pricesUpdatedAt: answer.fetchedAt,
      status: "idle",
    });
    const stored = JSON.parse(localStorage.getItem(METAL_PRICES_KEY) ?? "null");
    expect(stored).toEqual({
      version: 1,
      prices: {
        EUR: {
          goldPerGram: "120.123456",
          silverPerGram: "1.456789",
          source: "live",
          fetchedAt: answer.fetchedAt,
        },
      },
    });
    expect(warning).not.toHaveBeenCalled();
  });

  it("network down: offline mode with the last prices fetched here, and a notice", async () => {
    servePrices(answer);
    await renderHarness();
    cleanup();

    networkDown();
    const state = await renderHarness("fr");
    expect(state).toMatchObject({
      mode: "offline",
      // written for typing in French
      goldPriceText: "120,123456",
      silverPriceText: "1,456789",
      priceSource: "live",
      pricesUpdatedAt: answer.fetchedAt,
    });
    expect(warning).toHaveBeenCalledTimes(1);
    const [message] = warning.mock.calls[0]!;
    expect(message).toMatch(/^Les prix n'ont pas pu être récupérés .* derniers prix connus, du /);
    expect(message).toContain("2026");
  });

  it("never fetched here: offline mode with the shipped prices of that currency", async () => {
    networkDown();
    const state = await renderHarness();
    expect(state).toMatchObject({
      mode: "offline",
      goldPriceText: "111.5",
      silverPriceText: "1.35",
      priceSource: "default",
      pricesUpdatedAt: "2025-10-31T00:00:00.000Z",
    });
    const [message] = warning.mock.calls[0]!;
    expect(message).toBe(
      "The prices could not be fetched (no connection?), so the calculator switched to offline " +
        "mode with Hawl's built-in prices of 31 October 2025. Check them in Settings.",
    );
  });

  it("prices the server had from its shipped list are announced as such", async () => {
    const shipped: PricesResponse = {
      ...answer,
      source: "default",
      fetchedAt: "2025-10-31T00:00:00.000Z",
    };
    servePrices(shipped);
    await renderHarness();
    cleanup();
    networkDown();
    const state = await renderHarness("nl");
    expect(state).toMatchObject({ mode: "offline", goldPriceText: "120,123456" });
    expect(warning.mock.calls[0]![0]).toBe(
      "De prijzen konden niet opgehaald worden (geen verbinding?), dus de calculator staat nu " +
        "in offline modus met de ingebouwde prijzen van Hawl, van 31 oktober 2025. Controleer ze " +
        "in de instellingen.",
    );
  });

  it("a server error counts as unreachable too; unreadable stored prices are ignored", async () => {
    localStorage.setItem(
      METAL_PRICES_KEY,
      JSON.stringify({ version: 1, prices: { EUR: { goldPerGram: "-1", silverPerGram: "x" } } }),
    );
    servePrices(() => apiError(500, "INTERNAL", "boom"));
    const state = await renderHarness();
    expect(state).toMatchObject({
      mode: "offline",
      goldPriceText: "111.5",
      priceSource: "default",
    });
  });
});
