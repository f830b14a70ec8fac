import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { EmbedCurrency, EmbedLanguage } from "../../../domain/embed/options.ts";
import { createdAt, uuidPrimaryKey } from "./columns.ts";
import { userRef } from "./foreign-keys.ts";

// ---- Embed configurations (spec §3 "Embed configuration"; issue 6, decision 010).

/** The display settings a configuration carries (each optional; checked when written). */
export interface EmbedConfigSettings {
  language?: EmbedLanguage;
  currency?: EmbedCurrency;
  primaryColor?: string;
  accentColor?: string;
}

/** An embed's call to action (issue 18): an https link template, checked before it is stored. */
export interface EmbedCallToAction {
  urlTemplate: string;
  organisation: string;
  /** button texts per language; a missing one is the default text of that language */
  label?: Partial<Record<EmbedLanguage, string>>;
}

// A domain-locked embed: its key (32 letters and digits from the CSPRNG) goes in the embed URL;
// the page is shown only inside frames of the allowed domains (normalised host names, spec §5),
// and only while active. Per user, not per workspace (spec §6).
export const embedConfigs = pgTable(
  "embed_configs",
  {
    id: uuidPrimaryKey(),
    userId: userRef("user_id"),
    embedKey: text("embed_key").notNull(),
    name: text("name").notNull(),
    allowedDomains: text("allowed_domains")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    config: jsonb("config").$type<EmbedConfigSettings>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    /** the "pay your zakat here" link (issue 18, decision 021); null: no button */
    callToAction: jsonb("call_to_action").$type<EmbedCallToAction>(),
  },
  (t) => [
    check("embed_configs_embed_key_format", sql`${t.embedKey} ~ '^[A-Za-z0-9]{32}$'`),
    uniqueIndex("embed_configs_embed_key_uq").on(t.embedKey),
    index("embed_configs_user_created_idx").on(t.userId, t.createdAt),
  ],
);

// Usage counts of an embed (issue 18, decision 021): per configuration and UTC day, four
// numbers. Nothing about the visitor (no address, agent, page, cookie, time of day) is stored.
// Written by one upsert that adds to the day's row.
export const embedUsageDaily = pgTable(
  "embed_usage_daily",
  {
    configId: uuid("config_id")
      .notNull()
      .references(() => embedConfigs.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    loads: integer("loads").notNull().default(0),
    completed: integer("completed").notNull().default(0),
    due: integer("due").notNull().default(0),
    ctaClicks: integer("cta_clicks").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.configId, t.day] }),
    check(
      "embed_usage_daily_counts_check",
      sql`${t.loads} >= 0 and ${t.completed} >= 0 and ${t.due} >= 0 and ${t.ctaClicks} >= 0`,
    ),
  ],
);
