import { useCallback, useEffect, useState } from "react";
import { api } from "~/lib/api-client";
import { pricesResponseSchema, type PricesResponse } from "../../../../contracts/prices";
import { Decimal } from "../../../../domain/money/decimal";
import { wireToInputText, type Draft } from "../model/draft";

/** The wire allows 10 decimals; a feed may send more. */
const tenPlaces = (text: string) => new Decimal(text).toDecimalPlaces(10).toFixed();

export type PriceStatus = "idle" | "loading" | "error";

/**
 * Online mode: the gold and silver prices per gram of the chosen currency from GET /api/prices,
 * written into the settings with their source and date. A failure keeps the prices there were
 * (the person can switch to offline mode and type them).
 */
export function usePrices(
  draft: Draft,
  update: (change: (draft: Draft) => Draft) => void,
  enabled: boolean,
) {
  const [status, setStatus] = useState<PriceStatus>("idle");
  const [attempt, setAttempt] = useState(0);
  const { mode, currency } = draft.settings;

  useEffect(() => {
    if (!enabled || mode !== "online") return;
    let cancelled = false;
    setStatus("loading");
    api<PricesResponse>(`/api/prices?currency=${encodeURIComponent(currency)}`)
      .then((data) => {
        const prices = pricesResponseSchema.parse(data);
        if (cancelled) return;
        update((d) =>
          d.settings.mode !== "online" || d.settings.currency !== prices.currency
            ? d
            : {
                ...d,
                settings: {
                  ...d.settings,
                  goldPriceText: wireToInputText(tenPlaces(prices.goldPerGram), d.language),
                  silverPriceText: wireToInputText(tenPlaces(prices.silverPerGram), d.language),
                  priceSource: prices.source,
                  pricesUpdatedAt: prices.fetchedAt,
                },
              },
        );
        setStatus("idle");
      })
      .catch(() => {
        if (!cancelled) setStatus("error");
      });
    return () => {
      cancelled = true;
    };
  }, [enabled, mode, currency, attempt, update]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, refresh };
}
