import { isMissingOnStripe, stripeUnavailable, type Billing } from "./stripe.ts";

/**
 * Cancels at once every subscription of a Stripe customer that is not canceled yet (the list's
 * default leaves canceled ones out), so that nobody is charged for an account that is gone.
 * The customer's list rather than the subscription id Hawl stored: a subscription whose first
 * event has not arrived yet is cancelled too. Stripe unreachable: 503 UNAVAILABLE, and the
 * caller must not go on. Returns the ids cancelled.
 */
export async function cancelSubscriptionsOf(
  billing: Billing,
  customerId: string,
): Promise<string[]> {
  const cancelled: string[] = [];
  try {
    for await (const subscription of billing.stripe.subscriptions.list({
      customer: customerId,
      limit: 100,
    })) {
      try {
        await billing.stripe.subscriptions.cancel(subscription.id);
        cancelled.push(subscription.id);
      } catch (error) {
        // ended meanwhile (or its customer was deleted in Stripe's dashboard): nothing to stop
        if (!isMissingOnStripe(error)) throw error;
      }
    }
  } catch (error) {
    if (isMissingOnStripe(error)) return cancelled;
    stripeUnavailable(error);
  }
  return cancelled;
}
