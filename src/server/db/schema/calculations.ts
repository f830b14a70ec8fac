import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import type { CurrencyCode } from "../../../domain/money/currency.ts";
import type {
  AssetSelection,
  CashAmounts,
  GoldSilverAmounts,
  ExchangeRates,
  LiabilityAmounts,
  LiabilitySelection,
  MoneyOwedAmounts,
  SharesBusinessAmounts,
} from "../../../domain/zakat/input.ts";
import { type Methodology } from "../../../domain/zakat/methodology.ts";
import { user } from "./identity.ts";
import { workspaces } from "./workspaces.ts";
import { ts, createdAt, updatedAt, uuidPrimaryKey } from "./columns.ts";
import { workspaceRef } from "./foreign-keys.ts";

export const priceCache = pgTable("price_cache", {
  currency: text("currency").primaryKey(),
  goldPerGram: numeric("gold_per_gram", { precision: 24, scale: 6 }).notNull(),
  silverPerGram: numeric("silver_per_gram", { precision: 24, scale: 6 }).notNull(),
  provider: text("provider").notNull(),
  fetchedAt: ts("fetched_at").notNull(),
});

// Prices per day (decision 022): the last fetch of each day and currency, kept for calculations
// made "as of" an earlier date. `usd_rate`: units of the currency one US dollar buys, when the
// provider says (the cross rates of amounts in other currencies come from it, else from gold).
export const dailyPrices = pgTable(
  "daily_prices",
  {
    day: date("day", { mode: "string" }).notNull(),
    currency: text("currency").notNull(),
    goldPerGram: numeric("gold_per_gram", { precision: 24, scale: 6 }).notNull(),
    silverPerGram: numeric("silver_per_gram", { precision: 24, scale: 6 }).notNull(),
    usdRate: numeric("usd_rate"),
    provider: text("provider").notNull(),
    fetchedAt: ts("fetched_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.currency, t.day] })],
);

// Saved calculations (spec §3 "Zakat calculation", §7 zakat_calculations). The inputs are kept as
// the request gave them after validation (jsonb, decimal strings), the methodology resolved (so
// history reproduces even if a preset changes), and the result columns as the server computed
// them, rounded to the currency's minor unit. Money is NUMERIC without a fixed precision: a
// weight of 20 digits times a price of 20 digits must still fit, exactly.
export const zakatCalculations = pgTable(
  "zakat_calculations",
  {
    id: uuidPrimaryKey(),
    workspaceId: workspaceRef(),
    /** the member who created it; kept (null) when that account is deleted */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    calculationDate: date("calculation_date", { mode: "string" }).notNull(),
    isCompleted: boolean("is_completed").notNull().default(false),
    assetSelection: jsonb("asset_selection").$type<AssetSelection>().notNull(),
    liabilitySelection: jsonb("liability_selection").$type<LiabilitySelection>().notNull(),
    cashAmounts: jsonb("cash_amounts").$type<CashAmounts>().notNull(),
    goldSilverAmounts: jsonb("gold_silver_amounts").$type<GoldSilverAmounts>().notNull(),
    moneyOwedAmounts: jsonb("money_owed_amounts").$type<MoneyOwedAmounts>().notNull(),
    sharesBusinessAmounts: jsonb("shares_business_amounts")
      .$type<SharesBusinessAmounts>()
      .notNull(),
    liabilityAmounts: jsonb("liability_amounts").$type<LiabilityAmounts>().notNull(),
    currency: text("currency").$type<CurrencyCode>().notNull(),
    methodology: jsonb("methodology").$type<Methodology>().notNull(),
    nissabMethod: text("nissab_method").notNull(),
    goldPricePerGram: numeric("gold_price_per_gram").notNull(),
    silverPricePerGram: numeric("silver_price_per_gram").notNull(),
    /** where the prices came from (live, cache, default, manual), when the request said */
    priceSource: text("price_source"),
    priceDate: ts("price_date"),
    /**
     * The rates that converted amounts in other currencies, with their source and day (decision
     * 022): a reload computes with these, never with today's. Null: every amount in `currency`.
     */
    rates: jsonb("rates").$type<ExchangeRates>(),
    /** the tracker milestone this calculation is for ("Calculate for this date"); no foreign
     *  key: a milestone may be removed and the calculation stays */
    milestoneId: uuid("milestone_id"),
    totalAssets: numeric("total_assets").notNull(),
    totalLiabilities: numeric("total_liabilities").notNull(),
    zakatableAmount: numeric("zakatable_amount").notNull(),
    zakatDue: numeric("zakat_due").notNull(),
    nissabValue: numeric("nissab_value").notNull(),
    isAboveNissab: boolean("is_above_nissab").notNull(),
    /** optimistic concurrency: every update is `… WHERE version = $v` and bumps it */
    version: integer("version").notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // history pages: newest first within a workspace, id breaking ties. NULLS FIRST is what
    // ORDER BY … DESC means: with NULLS LAST the planner would not use the index for the order.
    index("zakat_calculations_workspace_created_idx").on(
      t.workspaceId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
  ],
);

// The exact number of calculations per workspace, kept by statement-level triggers on
// zakat_calculations (migration 0002): insert adds, delete subtracts, in the same transaction.
// A history page then needs no count(*) over the workspace's rows (about 10 ms at 100,000).
export const calculationCounts = pgTable("calculation_counts", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  count: bigint("count", { mode: "number" }).notNull(),
});

// Idempotency-Key of POST /api/workspaces/:ws/calculations: the first answer to a key, replayed
// for every later request with the same key in the same workspace. The primary key makes two
// concurrent first requests race on the insert; the loser waits and then reads the winner's
// answer (both engines). `request_hash` refuses the same key with another body.
export const calculationIdempotencyKeys = pgTable(
  "calculation_idempotency_keys",
  {
    workspaceId: workspaceRef(),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** the calculation the first request created or updated (no foreign key: it may go) */
    calculationId: uuid("calculation_id"),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);
