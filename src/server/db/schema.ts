import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CurrencyCode } from "../../domain/money/currency.ts";
import type { EmbedCurrency, EmbedLanguage } from "../../domain/embed/options.ts";
import type {
  AssetSelection,
  CashAmounts,
  GoldSilverAmounts,
  ExchangeRates,
  LiabilityAmounts,
  LiabilitySelection,
  MoneyOwedAmounts,
  SharesBusinessAmounts,
} from "../../domain/zakat/input.ts";
import { hawlRules, type Methodology } from "../../domain/zakat/methodology.ts";
import { milestoneTitleCodes, milestoneTypes } from "../../domain/hawl/milestone.ts";
import { reminderKinds } from "../../domain/hawl/reminders.ts";
import { obligationPriorities } from "../../domain/hawl/payments.ts";
import { trackerYearBases } from "../../domain/hawl/year-basis.ts";
import { languages } from "../../domain/language.ts";
import { planIds } from "../../domain/plans.ts";
import { invitationStatuses, workspaceRoles } from "../../domain/workspaces.ts";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

// ---- Better Auth's tables (identity only). Property names are the ones Better Auth uses.
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: ts("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: ts("access_token_expires_at"),
    refreshTokenExpiresAt: ts("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// Failed sign-ins per account (lower-cased e-mail) in a fixed one-hour window.
export const signInFailures = pgTable("sign_in_failures", {
  email: text("email").primaryKey(),
  windowStartedAt: ts("window_started_at").notNull(),
  count: integer("count").notNull(),
});

// ---- Hawl's own tables.
export const profiles = pgTable("profiles", {
  id: text("id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  fullName: text("full_name"),
  avatarUrl: text("avatar_url"),
  role: text("role").notNull().default("user"),
  /** the plan bought; null: the instance's DEFAULT_PLAN (free unless configured) */
  plan: text("plan", { enum: planIds }),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const workspaces = pgTable("workspaces", {
  id: uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`),
  name: text("name").notNull(),
  createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: workspaceRoles }).notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    joinedAt: ts("joined_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workspace_members_workspace_user_uq").on(t.workspaceId, t.userId),
    index("workspace_members_user_idx").on(t.userId),
  ],
);

// The last prices fetched from the price feed, one row per currency (GET /api/prices).
// `provider` is the feed's URL without query or credentials.
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
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
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
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
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
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    /** the calculation the first request created or updated (no foreign key: it may go) */
    calculationId: uuid("calculation_id"),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);

// ---- The nisab tracker (spec §3 Milestone, Obligation, zakat_states; issue 4).

// Milestones of a workspace's timeline. Writes to one workspace's tracker are serialised by
// locking its workspaces row (the rules read the whole timeline); the partial unique index is
// the database's own guarantee of spec §5's "one threshold per calendar day" all the same.
export const milestones = pgTable(
  "milestones",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** the member who added it; kept (null) when that account is deleted */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    date: date("date", { mode: "string" }).notNull(),
    title: text("title").notNull(),
    type: text("type", { enum: milestoneTypes }).notNull(),
    completed: boolean("completed").notNull().default(false),
    code: text("code"),
    parentCode: text("parent_code"),
    endDate: date("end_date", { mode: "string" }),
    quarterlyReminder: boolean("quarterly_reminder").notNull().default(false),
    monthlyReminder: boolean("monthly_reminder").notNull().default(false),
    /** what a generated milestone is (domain/hawl/titles.ts); null for a title typed by a person */
    titleCode: text("title_code", { enum: milestoneTitleCodes }),
    titleParams: jsonb("title_params").$type<Record<string, number>>(),
    createdAt: ts("created_at").notNull().defaultNow(),
    /**
     * Bumped by a trigger on every update that changes the row (drizzle/0011_…), with
     * `updatedAt`: the calendar feed's SEQUENCE and LAST-MODIFIED, whichever code path wrote.
     */
    revision: integer("revision").notNull().default(0),
    updatedAt: ts("updated_at"),
  },
  (t) => [
    index("milestones_workspace_date_idx").on(t.workspaceId, t.date, t.id),
    uniqueIndex("milestones_one_threshold_per_day_uq")
      .on(t.workspaceId, t.date)
      .where(sql`${t.type} = 'threshold'`),
  ],
);

// Records (spec "Obligation"): an amount due by a date. What was paid is the ledger below.
export const obligations = pgTable(
  "obligations",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    amount: numeric("amount").notNull(),
    category: text("category").notNull(),
    priority: text("priority", { enum: obligationPriorities }).notNull().default("medium"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("obligations_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id)],
);

// Payments against a record (PRODUCT.md "Payments ledger"): paid in part or in full. The
// record's paid amount and the workspace's total paid are sums over these rows.
export const obligationPayments = pgTable(
  "obligation_payments",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    obligationId: uuid("obligation_id")
      .notNull()
      .references(() => obligations.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    amount: numeric("amount").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [index("obligation_payments_obligation_idx").on(t.obligationId)],
);

// One per workspace (spec zakat_states), created by the first write that needs it, which spec §5
// allows only once the timeline has a nissab date: the tracker's settings, and the totals the
// spec names, kept equal to the ledger's sums in the same transaction as every record write.
export const zakatStates = pgTable("zakat_states", {
  workspaceId: uuid("workspace_id")
    .primaryKey()
    .references(() => workspaces.id, { onDelete: "cascade" }),
  /** the member who created it */
  userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
  totalDue: numeric("total_due").notNull().default("0"),
  totalPaid: numeric("total_paid").notNull().default("0"),
  /** PRODUCT.md "hawl rule": majority (the spec's behaviour) or hanafi */
  hawlRule: text("hawl_rule", { enum: hawlRules }).notNull().default("majority"),
  /** the zakat year's length for the progress: a Hijri year (354 days) or 365 days */
  yearBasis: text("year_basis", { enum: trackerYearBases }).notNull().default("hijri"),
  /** amounts on the dashboard and the records */
  currency: text("currency").$type<CurrencyCode>().notNull().default("EUR"),
  createdAt: ts("created_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

// ---- Workspace invitations (spec §3 "Workspace invitation", §4, §5; issue 5).

// An invitation by e-mail to join a workspace. The token (32 random bytes, base64url in the
// link) is never stored: only its SHA-256, so a leaked table opens no workspace. Accepting or
// cancelling deletes every invitation of that workspace and e-mail; `expired` is set when an
// acceptance is attempted too late. One pending invitation per workspace and e-mail.
export const workspaceInvitations = pgTable(
  "workspace_invitations",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** lower-cased and trimmed; compared exactly (no +tag or dot folding) */
    email: text("email").notNull(),
    role: text("role", { enum: workspaceRoles }).notNull(),
    invitedBy: text("invited_by").references(() => user.id, { onDelete: "set null" }),
    status: text("status", { enum: invitationStatuses }).notNull().default("pending"),
    /** hex SHA-256 of the token's 32 bytes */
    tokenHash: text("token_hash").notNull(),
    expiresAt: ts("expires_at").notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("workspace_invitations_token_hash_uq").on(t.tokenHash),
    uniqueIndex("workspace_invitations_one_pending_uq")
      .on(t.workspaceId, t.email)
      .where(sql`${t.status} = 'pending'`),
    index("workspace_invitations_workspace_created_idx").on(t.workspaceId, t.createdAt),
  ],
);

// One row per invitation sent (issue 10, decision 009): the rate limit per workspace and per
// inviting owner counts these, so it holds across server instances, and cancelling or accepting
// an invitation (which deletes it) gives nothing back. Rows older than the window are pruned by
// the next invitation of that owner.
export const invitationSends = pgTable(
  "invitation_sends",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** null once the workspace is deleted: the owner's count still holds */
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    invitedBy: text("invited_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("invitation_sends_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("invitation_sends_invited_by_created_idx").on(t.invitedBy, t.createdAt),
  ],
);

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
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    embedKey: text("embed_key").notNull(),
    name: text("name").notNull(),
    allowedDomains: text("allowed_domains")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    config: jsonb("config").$type<EmbedConfigSettings>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: ts("created_at").notNull().defaultNow(),
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

// ---- Calendar feeds (issue 15, decision 016).

// A secret iCalendar URL of a workspace's milestones. The token (32 random bytes, base64url in
// the URL) is never stored: only its SHA-256, as with invitations. A feed serves only while its
// creator is still a member of the workspace, and counts as one calendar integration of the
// creator's plan while it does; revoking deletes the row. `language` is the creator's at
// creation: titles and descriptions are written in it (the server keeps no per-user language).
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    createdBy: text("created_by")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** hex SHA-256 of the token as the URL carries it */
    tokenHash: text("token_hash").notNull(),
    language: text("language", { enum: languages }).notNull().default("en"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("calendar_feeds_token_hash_uq").on(t.tokenHash),
    index("calendar_feeds_workspace_created_idx").on(t.workspaceId, t.createdAt),
    index("calendar_feeds_created_by_idx").on(t.createdBy),
  ],
);

// ---- Billing (issue 14, decision 019). Stripe keeps what was paid; these rows are what Hawl
// learned from its webhook. The plan itself is written to profiles.plan, so every limit check
// reads one column whatever set it (Stripe, the operator command).

/** The Stripe customer of an account and the state of its subscription. */
export const billingAccounts = pgTable(
  "billing_accounts",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    stripeCustomerId: text("stripe_customer_id").notNull(),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** the plan the subscription pays for now; null: none */
    plan: text("plan", { enum: planIds }),
    /** Stripe subscription status (active, trialing, past_due, canceled, …) */
    status: text("status"),
    currentPeriodEnd: ts("current_period_end"),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    /** `created` (Unix seconds) of the last subscription event applied: older ones are ignored */
    lastEventAt: bigint("last_event_at", { mode: "number" }).notNull().default(0),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("billing_accounts_customer_uq").on(t.stripeCustomerId)],
);

/** Webhook events already applied (Stripe delivers at least once). */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: ts("received_at").notNull().defaultNow(),
});

// ---- Reminder e-mails (issue 15): each person's notification settings and what was sent.

/**
 * A person's notification settings (the dialog and the profile); no row: the defaults (spec
 * §9: quarterly reviews on, monthly off, a week before the due date on; e-mails on). The
 * one-click unsubscribe link sets `email_reminders` off. `language` and `time_zone` are the
 * ones of the browser the person last used: reminders are written in that language and sent
 * on that zone's days (null: English, UTC).
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => user.id, { onDelete: "cascade" }),
  emailReminders: boolean("email_reminders").notNull().default(true),
  quarterlyReviews: boolean("quarterly_reviews").notNull().default(true),
  monthlyReviews: boolean("monthly_reviews").notNull().default(false),
  weekBeforeDue: boolean("week_before_due").notNull().default(true),
  language: text("language", { enum: languages }),
  /** an IANA zone ("Europe/Brussels"), checked by the contract */
  timeZone: text("time_zone"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/**
 * One row per reminder sent (domain/hawl/reminders.ts names each by its key): the unique key
 * makes each reminder go out once per person and workspace, across restarts and instances.
 * The row and the mail's job are written in one transaction (services/send-due-reminders.ts).
 */
export const reminderSends = pgTable(
  "reminder_sends",
  {
    id: uuid("id")
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: reminderKinds }).notNull(),
    reminderKey: text("reminder_key").notNull(),
    /** the day the reminder is about (due day or review day) */
    day: date("day", { mode: "string" }).notNull(),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reminder_sends_once_uq").on(t.userId, t.workspaceId, t.reminderKey),
    index("reminder_sends_workspace_idx").on(t.workspaceId),
  ],
);
