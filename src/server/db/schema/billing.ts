import { bigint, boolean, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { planIds } from "../../../domain/plans.ts";
import { user } from "./identity.ts";
import { ts, updatedAt } from "./columns.ts";

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
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("billing_accounts_customer_uq").on(t.stripeCustomerId)],
);

/** Webhook events already applied (Stripe delivers at least once). */
export const billingEvents = pgTable("billing_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  receivedAt: ts("received_at").notNull().defaultNow(),
});
