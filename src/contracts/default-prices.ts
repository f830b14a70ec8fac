import type { Currency } from "./prices.ts";

// The prices Hawl ships, shared by the server (answered as source `default` until a feed has
// answered once: src/server/prices/, decision 005) and the web (the calculator's offline mode
// when no price was ever fetched on this device: decision 007).

/** The day the shipped prices were set; answered as their `fetchedAt` (source `default`). */
export const defaultPricesSetOn = "2025-10-31";

// Shipped prices per gram of pure gold and silver, used only until a feed has answered once.
// Derived from gold at USD 4,000 and silver at USD 48.50 per troy ounce (31.1035 g) on
// 2025-10-31, converted at that day's approximate market rates (1 USD = 0.867 EUR, 0.760 GBP,
// 0.803 CHF, 1.400 CAD, 1.528 AUD, 9.25 MAD, 42.05 TRY, 3.75 SAR, 3.6725 AED, 281.0 PKR,
// 88.70 INR, 16,630 IDR, 4.19 MYR), rounded to 2 decimals. Realistic, not a reference fix:
// they also anchor the plausibility band of the feed parser (src/server/prices/feed.ts), so refresh them when
// prices have moved a lot (docs/decisions/005-price-feed.md).
export const defaultPrices: Record<Currency, { goldPerGram: string; silverPerGram: string }> = {
  EUR: { goldPerGram: "111.50", silverPerGram: "1.35" },
  USD: { goldPerGram: "128.60", silverPerGram: "1.56" },
  GBP: { goldPerGram: "97.74", silverPerGram: "1.19" },
  CHF: { goldPerGram: "103.27", silverPerGram: "1.25" },
  CAD: { goldPerGram: "180.04", silverPerGram: "2.18" },
  AUD: { goldPerGram: "196.51", silverPerGram: "2.38" },
  MAD: { goldPerGram: "1189.58", silverPerGram: "14.42" },
  TRY: { goldPerGram: "5407.75", silverPerGram: "65.57" },
  SAR: { goldPerGram: "482.26", silverPerGram: "5.85" },
  AED: { goldPerGram: "472.29", silverPerGram: "5.73" },
  PKR: { goldPerGram: "36137.41", silverPerGram: "438.17" },
  INR: { goldPerGram: "11407.08", silverPerGram: "138.31" },
  IDR: { goldPerGram: "2138666.07", silverPerGram: "25931.33" },
  MYR: { goldPerGram: "538.85", silverPerGram: "6.53" },
};
