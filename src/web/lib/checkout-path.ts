import { planIds } from "~/app/plans";
import type { BillingInterval } from "../../contracts/billing";

// Links to the checkout, without the API client: the pricing page's cards and the sign-up
// form link here, and public pages do not load the client (decision 028).

/** The pricing page's "monthly"/"yearly" as Stripe's interval. */
export const intervalOf = (billing: string): BillingInterval =>
  billing === "yearly" ? "year" : "month";

/** Where a chosen paid plan is bought: the checkout page, which needs a session. */
export const checkoutPath = (plan: string, billing: string) =>
  `/checkout?plan=${plan}&billing=${billing === "yearly" ? "yearly" : "monthly"}`;

/**
 * The checkout of a paid plan chosen on the pricing page, from a sign-up address's query
 * (`?plan=pro&billing=yearly`), or null. The static pricing page (decision 025) links everyone
 * to sign-up with the plan; a visitor who is already signed in goes on to checkout instead.
 */
export function chosenPlanCheckout(search: string): string | null {
  const params = new URLSearchParams(search);
  const plan = params.get("plan");
  if (!plan || plan === "free" || !(planIds as readonly string[]).includes(plan)) return null;
  return checkoutPath(plan, params.get("billing") ?? "monthly");
}
