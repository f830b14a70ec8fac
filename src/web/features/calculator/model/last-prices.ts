import { defaultPrices, defaultPricesSetOn } from "#contracts/default-prices.ts";
import type { PricesResponse } from "#contracts/prices.ts";
import { currencyCodes, type CurrencyCode } from "#domain/money/currency.ts";
import { INVALID } from "~/lib/answer-parsers.generated";
import { getPrices } from "~/lib/compiled-calls";

// The last prices fetched on this device, per currency (spec §8's `zakat_metal_prices`, cleared
// on sign-out with the other keys). When GET /api/prices cannot be reached, the calculator
// switches to offline mode with these, or with the prices Hawl ships when none was ever fetched
// here (decision 007).

export const METAL_PRICES_KEY = "zakat_metal_prices";

export interface KnownPrices {
  goldPerGram: string;
  silverPerGram: string;
  /** where the server had them from; `default` for the shipped prices */
  source: PricesResponse["source"];
  /** ISO date-time: when they were fetched (for shipped prices, the day they were set) */
  fetchedAt: string;
}

type Stored = Partial<Record<CurrencyCode, KnownPrices>>;

/**
 * Stored prices are a GET /api/prices answer without its currency: checked by that answer's
 * parser, generated from the contract's schema (decision 035: no zod on the first load). One it
 * cannot take is not used (the shipped prices are).
 */
function isKnownPrices(value: unknown, currency: CurrencyCode): value is KnownPrices {
  return (
    typeof value === "object" &&
    value !== null &&
    getPrices.parse[200]!({ ...value, currency }) !== INVALID
  );
}

function readStored(): Stored {
  try {
    const raw = window.localStorage.getItem(METAL_PRICES_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    const prices = (parsed as { version?: unknown; prices?: unknown } | null)?.prices;
    if ((parsed as { version?: unknown } | null)?.version !== 1) return {};
    if (typeof prices !== "object" || prices === null) return {};
    const stored: Stored = {};
    for (const code of currencyCodes) {
      const entry = (prices as Record<string, unknown>)[code];
      if (isKnownPrices(entry, code)) stored[code] = entry;
    }
    return stored;
  } catch {
    return {}; // unreadable, or storage disabled: as if nothing was ever fetched
  }
}

/** Remembers prices the server answered, for the next time it cannot be reached. */
export function rememberPrices(prices: PricesResponse): void {
  try {
    const stored = readStored();
    stored[prices.currency] = {
      goldPerGram: prices.goldPerGram,
      silverPerGram: prices.silverPerGram,
      source: prices.source,
      fetchedAt: prices.fetchedAt,
    };
    window.localStorage.setItem(METAL_PRICES_KEY, JSON.stringify({ version: 1, prices: stored }));
  } catch {
    // quota or privacy mode: offline mode will fall back to the shipped prices
  }
}

/** The last prices fetched here for `currency`, else the shipped ones (source `default`). */
export function lastKnownPrices(currency: CurrencyCode): KnownPrices {
  return (
    readStored()[currency] ?? {
      ...defaultPrices[currency],
      source: "default",
      fetchedAt: `${defaultPricesSetOn}T00:00:00.000Z`,
    }
  );
}
