import type Stripe from "stripe";
import type { Billing } from "../billing/stripe.ts";
import type { Db } from "../db/client.ts";
import {
  findBillingAccountByCustomer,
  linkCustomer,
  recordEvent,
  saveSubscriptionState,
  setProfilePlan,
  type BillingAccount,
} from "../db/repositories/billing.ts";
import { lockUser } from "../db/repositories/workspaces.ts";
import type { Tx } from "../db/repositories/executor.ts";

export type BillingEventOutcome =
  "applied" | "duplicate" | "stale" | "unknown-customer" | "ignored";

/** Statuses in which the subscription's plan is owed (past_due: Stripe is still retrying). */
const entitled = new Set<Stripe.Subscription.Status>(["active", "trialing", "past_due"]);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === "string" ? value : (value?.id ?? null);

/**
 * POST /api/billing/webhook, once the signature is verified (decision 019). Each event is
 * applied once (billing_events), inside one transaction with the account's row lock, so it is
 * ordered with the limit checks. Subscription events carry the whole subscription: the newest
 * by `created` wins and an older one arriving late changes nothing. The plan goes to
 * profiles.plan, which every limit reads: an upgrade applies at once; a downgrade or a
 * cancellation that Stripe schedules for the period's end applies when Stripe says it happened.
 */
export async function applyBillingEvent(options: {
  db: Db;
  billing: Billing;
  event: Stripe.Event;
}): Promise<BillingEventOutcome> {
  const { db, billing, event } = options;
  return db.transaction(async (tx) => {
    if (!(await recordEvent(tx, event.id, event.type))) return "duplicate";
    switch (event.type) {
      case "checkout.session.completed": {
        const session = event.data.object;
        const customer = idOf(session.customer);
        const userId = session.client_reference_id ?? session.metadata?.userId ?? null;
        if (!customer || !userId || !(await lockUser(tx, userId))) return "unknown-customer";
        await linkCustomer(tx, userId, customer);
        return "applied";
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        return applySubscription(tx, billing, event, event.data.object);
      default:
        return "ignored";
    }
  });
}

async function applySubscription(
  tx: Tx,
  billing: Billing,
  event: Stripe.Event,
  subscription: Stripe.Subscription,
): Promise<BillingEventOutcome> {
  const customer = idOf(subscription.customer);
  if (!customer) return "unknown-customer";
  let account: BillingAccount | null = await findBillingAccountByCustomer(tx, customer);
  if (!account) {
    // the subscription's own event can come before checkout's: it names the account itself
    const userId = subscription.metadata?.userId;
    if (!userId || !(await lockUser(tx, userId))) return "unknown-customer";
    account = await linkCustomer(tx, userId, customer);
    if (!account || account.stripeCustomerId !== customer) return "unknown-customer";
  } else if (!(await lockUser(tx, account.userId))) {
    return "unknown-customer";
  }
  if (event.created < account.lastEventAt) return "stale";

  const item = subscription.items.data[0];
  const plan = item ? billing.planOfPrice(item.price.id) : null;
  const owed = event.type !== "customer.subscription.deleted" && entitled.has(subscription.status);
  // an old subscription ending does not end a newer one that pays
  const other = account.stripeSubscriptionId && account.stripeSubscriptionId !== subscription.id;
  if (other && !owed && account.plan !== null) return "stale";

  await saveSubscriptionState(tx, account.userId, {
    stripeSubscriptionId: subscription.id,
    plan: owed ? plan : null,
    status: event.type === "customer.subscription.deleted" ? "canceled" : subscription.status,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    lastEventAt: event.created,
  });
  await setProfilePlan(tx, account.userId, owed ? plan : null);
  return "applied";
}
