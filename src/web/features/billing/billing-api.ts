import {
  billingRedirectSchema,
  type BillingInterval,
  type PaidPlan,
} from "../../../contracts/billing";
import type { Language } from "~/app/route-table";
import { api } from "~/lib/api-client";

// Online payment (issue 14): the server creates Stripe's pages; the browser is sent there.

/** POST /api/billing/checkout: Stripe Checkout (or the portal for an account that pays). */
export async function startCheckout(
  plan: PaidPlan,
  interval: BillingInterval,
  lang: Language,
): Promise<string> {
  const answer = await api<unknown>("/api/billing/checkout", {
    body: { plan, interval },
    headers: { "x-hawl-language": lang },
  });
  return billingRedirectSchema.parse(answer).url;
}

/** POST /api/billing/portal: the customer portal (change plan, card, invoices, cancel). */
export async function openBillingPortal(lang: Language): Promise<string> {
  const answer = await api<unknown>("/api/billing/portal", {
    method: "POST",
    headers: { "x-hawl-language": lang },
  });
  return billingRedirectSchema.parse(answer).url;
}

/** The pricing page's "monthly"/"yearly" as Stripe's interval. */
export const intervalOf = (billing: string): BillingInterval =>
  billing === "yearly" ? "year" : "month";

export { checkoutPath } from "./checkout-path";
