import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { formatInstantDay } from "#domain/dates/index.ts";
import { requestCompiled } from "~/lib/api-client";
import { getPrices } from "~/lib/compiled-calls";
import { Decimal } from "#domain/money/decimal.ts";
import { wireToInputText, type Draft } from "../model/draft";
import { formatDate } from "../model/format";
import { lastKnownPrices, rememberPrices } from "../model/last-prices";

/** The wire allows 10 decimals; a feed may send more. */
const tenPlaces = (text: string) => new Decimal(text).toDecimalPlaces(10).toFixed();

export type PriceStatus = "idle" | "loading" | "error";

/**
 * Online mode: the gold and silver prices per gram of the chosen currency from GET /api/prices,
 * written into the settings with their source and date, and remembered on this device.
 * When they cannot be fetched (no network, the server down), the calculator must still compute:
 * the settings switch to offline mode with the last prices fetched here for that currency, or
 * the shipped ones, and a notice says so (decision 007).
 */
export function usePrices(
  draft: Draft,
  update: (change: (draft: Draft) => Draft) => void,
  enabled: boolean,
) {
  const { t } = useTranslation("calculator");
  const [status, setStatus] = useState<PriceStatus>("idle");
  const [attempt, setAttempt] = useState(0);
  const { mode, currency, asOf } = draft.settings;
  // read when a fetch fails, without fetching again on a language change
  const notice = useRef({ t, lang: draft.language });
  useEffect(() => {
    notice.current = { t, lang: draft.language };
  });

  useEffect(() => {
    if (!enabled || mode !== "online") return;
    let cancelled = false;
    setStatus("loading");
    requestCompiled(getPrices, { query: { currency, asOf: asOf || undefined } })
      .then((prices) => {
        rememberPrices(prices);
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
        if (cancelled) return;
        // still online with this currency (otherwise this effect would have been cancelled)
        const known = lastKnownPrices(currency);
        update((d) =>
          d.settings.mode !== "online" || d.settings.currency !== currency
            ? d
            : {
                ...d,
                settings: {
                  ...d.settings,
                  mode: "offline",
                  goldPriceText: wireToInputText(tenPlaces(known.goldPerGram), d.language),
                  silverPriceText: wireToInputText(tenPlaces(known.silverPerGram), d.language),
                  priceSource: known.source,
                  pricesUpdatedAt: known.fetchedAt,
                },
              },
        );
        setStatus("error");
        const { t: translate, lang } = notice.current;
        // the shipped prices (here, or answered by the server before) have a day, not a time
        const shipped = known.source === "default";
        const date = shipped
          ? formatInstantDay(known.fetchedAt, lang, "UTC")
          : formatDate(known.fetchedAt, lang);
        toast.warning(
          translate(shipped ? "settings.switchedOfflineShipped" : "settings.switchedOffline", {
            date,
          }),
          { id: "prices-offline", duration: 10_000 },
        );
      });
    return () => {
      cancelled = true;
    };
  }, [enabled, mode, currency, asOf, attempt, update]);

  const refresh = useCallback(() => setAttempt((n) => n + 1), []);
  return { status, refresh };
}
