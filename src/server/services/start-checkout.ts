import type { CheckoutRequest } from "../../contracts/billing.ts";
import type { Language } from "../../domain/language.ts";
import { stripeUnavailable, type Billing } from "../billing/stripe.ts";
import type { Db } from "../db/client.ts";
import { findBillingAccount, linkCustomer } from "../db/repositories/billing.ts";
import { openBillingPortal } from "./open-billing-portal.ts";

/** "/fr" for French pages, "" for English ones (English pages have no prefix). */
const prefixOf = (lang: Language) => (lang === "en" ? "" : `/${lang}`);

/**
 * POST /api/billing/checkout: a Stripe Checkout page for the chosen plan and interval, for the
 * signed-in account (its Stripe customer is created on the first purchase and reused). An
 * account that already pays is sent to the customer portal instead, where plans are changed:
 * a second Checkout would start a second subscription.
 */
export async function startCheckout(options: {
  db: Db;
  billing: Billing;
  user: { id: string; email: string; name: string };
  request: CheckoutRequest;
  baseUrl: string;
  lang: Language;
}): Promise<{ url: string }> {
  const { db, billing, user, request, baseUrl, lang } = options;
  let account = await findBillingAccount(db, user.id);
  if (account?.stripeSubscriptionId && account.plan) {
    return openBillingPortal({ db, billing, userId: user.id, baseUrl, lang });
  }
  if (!account) {
    const customer = await billing.stripe.customers
      .create({ email: user.email, name: user.name || undefined, metadata: { userId: user.id } })
      .catch(stripeUnavailable);
    account = await linkCustomer(db, user.id, customer.id);
  }
  const pages = `${baseUrl}${prefixOf(lang)}`;
  const session = await billing.stripe.checkout.sessions
    .create({
      mode: "subscription",
      customer: account!.stripeCustomerId,
      client_reference_id: user.id,
      line_items: [{ price: billing.priceOf(request.plan, request.interval), quantity: 1 }],
      // the webhook finds the account from the subscription even before checkout's own event
      subscription_data: { metadata: { userId: user.id } },
      metadata: { userId: user.id },
      locale: lang,
      success_url: `${pages}/profile?checkout=success`,
      cancel_url: `${pages}/pricing?checkout=cancelled`,
    })
    .catch(stripeUnavailable);
  if (!session.url) throw new Error("Stripe answered a checkout session without a URL");
  return { url: session.url };
}
