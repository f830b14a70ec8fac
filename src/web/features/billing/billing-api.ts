import type { BillingInterval, PaidPlan } from "../../../contracts/billing";
import * as account from "../../../contracts/endpoints/account";
import type { Language } from "~/app/route-table";
import { request } from "~/lib/api-client";

// Online payment (issue 14): the server creates Stripe's pages; the browser is sent there.

/** POST /api/billing/checkout: Stripe Checkout (or the portal for an account that pays). */
export async function startCheckout(
  plan: PaidPlan,
  interval: BillingInterval,
  lang: Language,
): Promise<string> {
  const answer = await request(account.startCheckout, {
    body: { plan, interval },
    headers: { "x-hawl-language": lang },
  });
  return answer.url;
}

/** POST /api/billing/portal: the customer portal (change plan, card, invoices, cancel). */
export async function openBillingPortal(lang: Language): Promise<string> {
  const answer = await request(account.openBillingPortal, {
    headers: { "x-hawl-language": lang },
  });
  return answer.url;
}
