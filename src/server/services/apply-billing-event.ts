import type Stripe from "stripe";
import type { BillingEvent, BillingSubscription } from "../billing/stripe-events.ts";
import { subscriptionSchema } from "../billing/stripe-events.ts";
import { isMissingOnStripe, stripeUnavailable, type Billing } from "../billing/stripe.ts";
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
const entitled = new Set<string>([
  "active",
  "trialing",
  "past_due",
] satisfies Stripe.Subscription.Status[]);

/** Thrown inside the transaction (so it rolls back) when the event alone cannot order itself. */
class NeedsCurrentState extends Error {}

/**
 * POST /api/billing/webhook, once the signature is verified and the event's shape checked
 * (decisions 019, 048). Each event is applied once (billing_events), inside one transaction
 * with the account's row lock, so it is ordered with the limit checks. Subscription events
 * carry the whole subscription: the newest by `created` wins and an older one arriving late
 * changes nothing. `created` is in seconds, so two events of the same second cannot be ordered
 * by it: a subscription Hawl saw canceled stays so (canceled is final in Stripe), and any other
 * tie is settled by the subscription's current state, fetched from Stripe outside the
 * transaction (Stripe unreachable: 503, and Stripe delivers the event again later). The plan
 * goes to profiles.plan, which every limit reads.
 */
export async function applyBillingEvent(options: {
  db: Db;
  billing: Billing;
  event: BillingEvent;
}): Promise<BillingEventOutcome> {
  const { db, billing, event } = options;
  const apply = (current: BillingSubscription | null | undefined) =>
    db.transaction(async (tx) => {
      if (!(await recordEvent(tx, event.id, event.type))) return "duplicate" as const;
      switch (event.kind) {
        case "checkout": {
          const customer = event.session.customer ?? null;
          const userId = event.session.client_reference_id ?? event.session.metadata.userId;
          if (!customer || !userId || !(await lockUser(tx, userId))) return "unknown-customer";
          await linkCustomer(tx, userId, customer);
          return "applied";
        }
        case "subscription":
          return applySubscription(tx, billing, event, current);
        default:
          return "ignored";
      }
    });
  try {
    return await apply(undefined);
  } catch (error) {
    if (!(error instanceof NeedsCurrentState) || event.kind !== "subscription") throw error;
  }
  const id = event.subscription.id;
  const current = await billing.stripe.subscriptions.retrieve(id).then(
    (found) => subscriptionSchema.parse(found),
    (error: unknown) => (isMissingOnStripe(error) ? null : stripeUnavailable(error)),
  );
  return apply(current);
}

/**
 * `current`: undefined for the event's own copy of the subscription; the subscription as
 * Stripe has it now, or null when Stripe no longer knows it, after a tie.
 */
async function applySubscription(
  tx: Tx,
  billing: Billing,
  event: BillingEvent & { kind: "subscription" },
  current: BillingSubscription | null | undefined,
): Promise<BillingEventOutcome> {
  const subscription = current ?? event.subscription;
  const customer = event.subscription.customer;
  let account: BillingAccount | null = await findBillingAccountByCustomer(tx, customer);
  if (!account) {
    // the subscription's own event can come before checkout's: it names the account itself
    const userId = event.subscription.metadata.userId;
    if (!userId || !(await lockUser(tx, userId))) return "unknown-customer";
    account = await linkCustomer(tx, userId, customer);
    if (!account || account.stripeCustomerId !== customer) return "unknown-customer";
  } else if (!(await lockUser(tx, account.userId))) {
    return "unknown-customer";
  }
  if (event.created < account.lastEventAt) return "stale";
  const same = account.stripeSubscriptionId === subscription.id;
  if (same && account.status === "canceled") return "stale";
  const tie = account.lastEventAt > 0 && event.created === account.lastEventAt;
  if (tie && current === undefined) throw new NeedsCurrentState();

  const item = subscription.items.data[0];
  const plan = item ? billing.planOfPrice(item.price.id) : null;
  const ended = current === null || (current === undefined && event.deleted);
  const owed = !ended && entitled.has(subscription.status);
  // an old subscription ending does not end a newer one that pays
  if (!same && account.stripeSubscriptionId && !owed && account.plan !== null) return "stale";

  await saveSubscriptionState(tx, account.userId, {
    stripeSubscriptionId: subscription.id,
    plan: owed ? plan : null,
    status: ended ? "canceled" : subscription.status,
    currentPeriodEnd: item ? new Date(item.current_period_end * 1000) : null,
    cancelAtPeriodEnd: subscription.cancel_at_period_end,
    lastEventAt: event.created,
  });
  await setProfilePlan(tx, account.userId, owed ? plan : null);
  return "applied";
}
