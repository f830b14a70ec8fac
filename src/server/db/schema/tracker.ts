import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { CurrencyCode } from "../../../domain/money/currency.ts";
import { hawlRules } from "../../../domain/zakat/methodology.ts";
import { milestoneTitleCodes, milestoneTypes } from "../../../domain/hawl/milestone.ts";
import { obligationPriorities } from "../../../domain/hawl/payments.ts";
import { trackerYearBases } from "../../../domain/hawl/year-basis.ts";
import { user } from "./identity.ts";
import { workspaces } from "./workspaces.ts";
import { ts, createdAt, updatedAt, uuidPrimaryKey } from "./columns.ts";
import { workspaceRef } from "./foreign-keys.ts";

// ---- The nisab tracker (spec §3 Milestone, Obligation, zakat_states; issue 4).

// Milestones of a workspace's timeline. Writes to one workspace's tracker are serialised by
// locking its workspaces row (the rules read the whole timeline); the partial unique index is
// the database's own guarantee of spec §5's "one threshold per calendar day" all the same.
export const milestones = pgTable(
  "milestones",
  {
    id: uuidPrimaryKey(),
    workspaceId: workspaceRef(),
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
    createdAt: createdAt(),
    /**
     * Bumped by a trigger on every update that changes the row (drizzle/0011_…), with
     * `updatedAt`: the calendar feed's SEQUENCE and LAST-MODIFIED, whichever code path wrote.
     */
    revision: integer("revision").notNull().default(0),
    updatedAt: ts("updated_at"),
    /**
     * The timeline the row belongs to (decision 034): a row is the workspace's when this is its
     * `milestone_generation`. A sync that replaces a large timeline writes the new one under a
     * generation of its own in small transactions (invisible meanwhile), then flips the
     * workspace's generation in one; the rows of older generations are deleted afterwards.
     */
    generation: integer("generation").notNull().default(0),
  },
  (t) => [
    index("milestones_workspace_date_idx").on(t.workspaceId, t.date, t.id),
    uniqueIndex("milestones_one_threshold_per_day_gen_uq")
      .on(t.workspaceId, t.generation, t.date)
      .where(sql`${t.type} = 'threshold'`),
  ],
);

/** The generations a large sync writes its timeline under (decision 034): always increasing. */
export const milestoneGenerations = pgSequence("milestone_generations", {
  startWith: 1,
  maxValue: 2147483647,
});

// Records (spec "Obligation"): an amount due by a date. What was paid is the ledger below.
export const obligations = pgTable(
  "obligations",
  {
    id: uuidPrimaryKey(),
    workspaceId: workspaceRef(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    dueDate: date("due_date", { mode: "string" }).notNull(),
    amount: numeric("amount").notNull(),
    category: text("category").notNull(),
    priority: text("priority", { enum: obligationPriorities }).notNull().default("medium"),
    createdAt: createdAt(),
  },
  (t) => [index("obligations_workspace_created_idx").on(t.workspaceId, t.createdAt, t.id)],
);

// Payments against a record (PRODUCT.md "Payments ledger"): paid in part or in full. The
// record's paid amount and the workspace's total paid are sums over these rows.
export const obligationPayments = pgTable(
  "obligation_payments",
  {
    id: uuidPrimaryKey(),
    obligationId: uuid("obligation_id")
      .notNull()
      .references(() => obligations.id, { onDelete: "cascade" }),
    workspaceId: workspaceRef(),
    amount: numeric("amount").notNull(),
    paidOn: date("paid_on", { mode: "string" }).notNull(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
