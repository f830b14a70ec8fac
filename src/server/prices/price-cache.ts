import Decimal from "decimal.js";
import { eq, lt, sql } from "drizzle-orm";
import type { Currency } from "../../contracts/prices.ts";
import type { Db } from "../db/client.ts";
import { priceCache } from "../db/schema.ts";
import type { PriceQuote } from "./provider.ts";

/** NUMERIC(24,6) answers "106.100000": back to the plain form the feed parser gives. */
const plain = (value: string) => new Decimal(value).toFixed();

/** The last prices fetched for `currency`, or null when none ever was. */
export async function readCachedPrices(db: Db, currency: Currency): Promise<PriceQuote | null> {
  const [row] = await db.select().from(priceCache).where(eq(priceCache.currency, currency));
  if (!row) return null;
  return {
    currency,
    goldPerGram: plain(row.goldPerGram),
    silverPerGram: plain(row.silverPerGram),
    fetchedAt: row.fetchedAt,
  };
}

/**
 * Keeps `quote` as the last known prices of its currency, unless a newer fetch is stored
 * already (several instances may refresh at once).
 */
export async function storePrices(db: Db, provider: string, quote: PriceQuote): Promise<void> {
  await db
    .insert(priceCache)
    .values({
      currency: quote.currency,
      goldPerGram: quote.goldPerGram,
      silverPerGram: quote.silverPerGram,
      provider,
      fetchedAt: quote.fetchedAt,
    })
    .onConflictDoUpdate({
      target: priceCache.currency,
      set: {
        goldPerGram: sql`excluded.gold_per_gram`,
        silverPerGram: sql`excluded.silver_per_gram`,
        provider: sql`excluded.provider`,
        fetchedAt: sql`excluded.fetched_at`,
      },
      setWhere: lt(priceCache.fetchedAt, sql`excluded.fetched_at`),
    });
}
