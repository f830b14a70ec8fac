import { z } from "zod";

// Online payment (issue 14, decision 019): Stripe Checkout to buy a plan, the customer portal
// to manage it. The plans on sale and the billing intervals.
export const paidPlans = ["standard", "pro"] as const;
export type PaidPlan = (typeof paidPlans)[number];
export const billingIntervals = ["month", "year"] as const;
export type BillingInterval = (typeof billingIntervals)[number];

export const checkoutRequestSchema = z
  .object({
    plan: z.enum(paidPlans),
    interval: z.enum(billingIntervals).default("month"),
  })
  .strict();
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** Where to send the browser: a Stripe Checkout or customer portal page. */
export const billingRedirectSchema = z.object({ url: z.url() });
export type BillingRedirect = z.infer<typeof billingRedirectSchema>;
