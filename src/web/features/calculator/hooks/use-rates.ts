import { useEffect, useState } from "react";
import { requestCompiled } from "~/lib/api-client";
import { getRates } from "~/lib/compiled-calls";
import { foreignCurrenciesOf, wireToInputText, type Draft } from "../model/draft";

export type RateStatus = "idle" | "loading" | "error";

/**
 * Online mode: the rates of the other currencies entries are in, from GET /api/rates (the
 * price source's, as of the calculation's day), for the currencies that have none yet. A rate
 * typed by hand is never replaced. Offline nothing is fetched: rates are typed (decision 022).
 */
export function useRates(
  draft: Draft,
  update: (change: (draft: Draft) => Draft) => void,
  enabled: boolean,
): RateStatus {
  const [status, setStatus] = useState<RateStatus>("idle");
  const { mode, currency, asOf } = draft.settings;
  const missing = foreignCurrenciesOf(draft)
    .filter((code) => !draft.settings.rates[code])
    .join(",");

  useEffect(() => {
    if (!enabled || mode !== "online" || missing === "") return;
    let cancelled = false;
    setStatus("loading");
    requestCompiled(getRates, { query: { currency, of: missing, asOf: asOf || undefined } })
      .then((answer) => {
        if (cancelled) return;
        update((d) => {
          if (d.settings.mode !== "online" || d.settings.currency !== answer.currency) return d;
          const rates = { ...d.settings.rates };
          for (const [code, rate] of Object.entries(answer.rates)) {
            const key = code as keyof typeof rates;
            if (!rate || rates[key]) continue;
            rates[key] = {
              text: wireToInputText(rate.rate, d.language),
              source: rate.source,
              date: rate.date,
            };
          }
          return { ...d, settings: { ...d.settings, rates } };
        });
        setStatus("idle");
      })
      .catch(() => {
        if (!cancelled) setStatus("error");
      });
    return () => {
      cancelled = true;
    };
  }, [enabled, mode, currency, asOf, missing, update]);

  return status;
}
