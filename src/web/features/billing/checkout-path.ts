import type { BillingInterval } from "../../../contracts/billing";

// Links to the checkout, without the API client: the pricing page's cards and the sign-up
// form link here, and public pages do not load the client (decision 028).

/** The pricing page's "monthly"/"yearly" as Stripe's interval. */
export const intervalOf = (billing: string): BillingInterval =>
  billing === "yearly" ? "year" : "month";

/** Where a chosen paid plan is bought: the checkout page, which needs a session. */
export const checkoutPath = (plan: string, billing: string) =>
  `/checkout?plan=${plan}&billing=${billing === "yearly" ? "yearly" : "monthly"}`;
