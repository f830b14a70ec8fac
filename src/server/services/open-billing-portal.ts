import type { Language } from "../../domain/language.ts";
import { stripeUnavailable, type Billing } from "../billing/stripe.ts";
import type { Db } from "../db/client.ts";
import { findBillingAccount } from "../db/repositories/billing.ts";
import { AppError } from "../errors.ts";

/**
 * POST /api/billing/portal: Stripe's customer portal for the signed-in account (change plan,
 * payment method, invoices, cancel). 404 for an account that never bought a plan.
 */
export async function openBillingPortal(options: {
  db: Db;
  billing: Billing;
  userId: string;
  baseUrl: string;
  lang: Language;
}): Promise<{ url: string }> {
  const account = await findBillingAccount(options.db, options.userId);
  if (!account) throw new AppError("NOT_FOUND", "This account has no billing yet.");
  const prefix = options.lang === "en" ? "" : `/${options.lang}`;
  const session = await options.billing.stripe.billingPortal.sessions
    .create({
      customer: account.stripeCustomerId,
      return_url: `${options.baseUrl}${prefix}/profile`,
      locale: options.lang,
    })
    .catch(stripeUnavailable);
  return { url: session.url };
}
