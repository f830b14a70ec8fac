import Decimal from "decimal.js";
import { and, desc, eq, lt, lte, sql } from "drizzle-orm";
import type { Currency } from "../../contracts/prices.ts";
import type { Db } from "../db/client.ts";
import { dailyPrices, priceCache } from "../db/schema.ts";
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
  // the day's row: the newest fetch of that day (UTC) wins, as in price_cache
  await db
    .insert(dailyPrices)
    .values({
      day: quote.fetchedAt.toISOString().slice(0, 10),
      currency: quote.currency,
      goldPerGram: quote.goldPerGram,
      silverPerGram: quote.silverPerGram,
      usdRate: quote.usdRate ?? null,
      provider,
      fetchedAt: quote.fetchedAt,
    })
    .onConflictDoUpdate({
      target: [dailyPrices.currency, dailyPrices.day],
      set: {
        goldPerGram: sql`excluded.gold_per_gram`,
        silverPerGram: sql`excluded.silver_per_gram`,
        usdRate: sql`excluded.usd_rate`,
        provider: sql`excluded.provider`,
        fetchedAt: sql`excluded.fetched_at`,
      },
      setWhere: lt(dailyPrices.fetchedAt, sql`excluded.fetched_at`),
    });
}

/** Prices of one day, as kept in `daily_prices`. */
export interface StoredDayPrices extends PriceQuote {
  /** the day (UTC) they are of */
  day: string;
}

/** The prices of `day` for `currency`, or of the nearest earlier day kept; null when none. */
export async function readDayPrices(
  db: Db,
  currency: Currency,
  day: string,
): Promise<StoredDayPrices | null> {
  const [row] = await db
    .select()
    .from(dailyPrices)
    .where(and(eq(dailyPrices.currency, currency), lte(dailyPrices.day, day)))
    .orderBy(desc(dailyPrices.day))
    .limit(1);
  if (!row) return null;
  return {
    currency,
    day: row.day,
    goldPerGram: plain(row.goldPerGram),
    silverPerGram: plain(row.silverPerGram),
    fetchedAt: row.fetchedAt,
    ...(row.usdRate !== null ? { usdRate: plain(row.usdRate) } : {}),
  };
}
