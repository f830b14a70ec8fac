import Stripe from "stripe";
import type { BillingInterval, PaidPlan } from "../../contracts/billing.ts";
import type { Env } from "../env.ts";
import { AppError } from "../errors.ts";

// The Stripe side of billing (decision 019): the client and the price ids of the four offers.
// Null when the install has not configured online payment: the pricing page then explains how
// to get a plan, and the billing routes answer 404.

export interface Billing {
  stripe: Stripe;
  webhookSecret: string;
  priceOf(plan: PaidPlan, interval: BillingInterval): string;
  /** the plan a price pays for; null for a price this install does not sell */
  planOfPrice(priceId: string): PaidPlan | null;
}

/** Per attempt; Stripe answers in well under a second when it is up. */
export const stripeTimeoutMs = 3_000;
export const stripeRetries = 1;

/**
 * Stripe unreachable, timing out, failing or refusing the install's key: 503 UNAVAILABLE (the
 * caller may try again; a webhook is redelivered). Anything else is rethrown as it is.
 */
export function stripeUnavailable(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError) {
    throw new AppError("UNAVAILABLE", "The payment provider cannot be reached. Try again later.", {
      cause: error,
    });
  }
  throw error;
}

/** Whether Stripe refused because the object does not exist (any more). */
export function isMissingOnStripe(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeError && error.code === "resource_missing";
}

export function createBilling(env: Env): Billing | null {
  const prices: Record<`${PaidPlan}:${BillingInterval}`, string | undefined> = {
    "standard:month": env.STRIPE_PRICE_STANDARD_MONTHLY,
    "standard:year": env.STRIPE_PRICE_STANDARD_YEARLY,
    "pro:month": env.STRIPE_PRICE_PRO_MONTHLY,
    "pro:year": env.STRIPE_PRICE_PRO_YEARLY,
  };
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  if (Object.values(prices).some((id) => !id)) return null;
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
  const stripe = new Stripe(env.STRIPE_SECRET_KEY, {
    // a request waits on Stripe at most about 7 s (two attempts of 3 s), then answers 503
    maxNetworkRetries: stripeRetries,
    timeout: stripeTimeoutMs,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? "https" : "http",
        }
      : {}),
  });
  const byPrice = new Map<string, PaidPlan>(
    Object.entries(prices).map(([key, id]) => [id!, key.split(":")[0] as PaidPlan]),
  );
  return {
    stripe,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    priceOf: (plan, interval) => prices[`${plan}:${interval}`]!,
    planOfPrice: (priceId) => byPrice.get(priceId) ?? null,
  };
}
