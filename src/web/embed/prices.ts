import { useCallback, useEffect, useState } from "react";
import { defaultPrices, defaultPricesSetOn } from "../../contracts/default-prices";
import type { CurrencyCode } from "../../domain/money/currency";
import { Decimal } from "../../domain/money/decimal";
import type { PriceStatus } from "~/features/calculator/hooks/use-prices";
import { wireToInputText, type Draft } from "~/features/calculator/model/draft";

// The embed's prices: GET /api/prices for the currency (online mode, as the app's calculator);
// when it cannot be fetched, offline mode with the prices Hawl ships, and a notice. Nothing is
// remembered: an embed stores nothing on the visitor's device.

export interface FetchedPrices {
  goldPerGram: string;
  silverPerGram: string;
  source: "live" | "cache" | "default";
  fetchedAt: string;
}

const positiveDecimal = /^(0|[1-9]\d*)(\.\d+)?$/;

/** An answer of GET /api/prices for `currency`, checked; null when it is not one. */
export function readPricesAnswer(data: unknown, currency: CurrencyCode): FetchedPrices | null {
  if (typeof data !== "object" || data === null) return null;
  const d = data as Record<string, unknown>;
  const price = (v: unknown) =>
    typeof v === "string" && positiveDecimal.test(v) && /[1-9]/.test(v) ? v : null;
  const gold = price(d.goldPerGram);
  const silver = price(d.silverPerGram);
  const source = d.source === "live" || d.source === "cache" || d.source === "default";
  if (!gold || !silver || !source || d.currency !== currency) return null;
  if (typeof d.fetchedAt !== "string" || Number.isNaN(Date.parse(d.fetchedAt))) return null;
  return {
    goldPerGram: gold,
    silverPerGram: silver,
    source: d.source as FetchedPrices["source"],
    fetchedAt: d.fetchedAt,
  };
}

/** The wire allows 10 decimals; a feed may send more. */
const tenPlaces = (text: string) => new Decimal(text).toDecimalPlaces(10).toFixed();

export function withPrices(draft: Draft, prices: FetchedPrices, mode: Draft["settings"]["mode"]) {
  return {
    ...draft,
    settings: {
      ...draft.settings,
      mode,
      goldPriceText: wireToInputText(tenPlaces(prices.goldPerGram), draft.language),
      silverPriceText: wireToInputText(tenPlaces(prices.silverPerGram), draft.language),
      priceSource: prices.source,
      pricesUpdatedAt: prices.fetchedAt,
    },
  };
}

export function shippedPrices(currency: CurrencyCode): FetchedPrices {
  return {
    ...defaultPrices[currency],
    source: "default",
    fetchedAt: `${defaultPricesSetOn}T00:00:00.000Z`,
  };
}

export function useEmbedPrices(draft: Draft, update: (change: (d: Draft) => Draft) => void) {
  const [status, setStatus] = useState<PriceStatus>("idle");
  /** the date of the shipped prices the calculator fell back to, for the notice */
  const [fellBack, setFellBack] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const { mode, currency } = draft.settings;

  useEffect(() => {
    if (mode !== "online") return;
    let cancelled = false;
    setStatus("loading");
    fetch(`/api/prices?currency=${encodeURIComponent(currency)}`, { credentials: "omit" })
      .then(async (response) => {
        const prices = response.ok ? readPricesAnswer(await response.json(), currency) : null;
        if (!prices) throw new Error("no prices");
        if (cancelled) return;
        update((d) =>
          d.settings.mode !== "online" || d.settings.currency !== currency
            ? d
            : withPrices(d, prices, "online"),
        );
        setStatus("idle");
        setFellBack(null);
      })
      .catch(() => {
        if (cancelled) return;
        const shipped = shippedPrices(currency);
        update((d) =>
          d.settings.mode !== "online" || d.settings.currency !== currency
            ? d
            : withPrices(d, shipped, "offline"),
        );
        setStatus("error");
        setFellBack(shipped.fetchedAt);
      });
    return () => {
      cancelled = true;
    };
  }, [mode, currency, attempt, update]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, refresh, fellBack };
}
