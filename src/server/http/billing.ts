import type { MiddlewareHandler } from "hono";
import * as api from "../../contracts/endpoints/account.ts";
import { detectLanguage } from "../auth/language.ts";
import { parseBillingEvent } from "../billing/stripe-events.ts";
import type { Billing } from "../billing/stripe.ts";
import type { Db } from "../db/client.ts";
import { applyBillingEvent } from "../services/apply-billing-event.ts";
import { openBillingPortal } from "../services/open-billing-portal.ts";
import { startCheckout } from "../services/start-checkout.ts";
import type { AppEnv } from "./context.ts";
import { AppError } from "../errors.ts";
import { router } from "./route.ts";

const notConfigured = () =>
  new AppError("NOT_FOUND", "Online payment is not configured on this installation.");

/**
 * POST /api/billing/checkout and /api/billing/portal (decision 019); 404 without Stripe. Bound
 * to contracts/endpoints/account.ts; mount at "/" (so is the webhook's).
 */
export function billingRoutes(deps: {
  db: Db;
  billing: Billing | null;
  requireSession: MiddlewareHandler<AppEnv>;
  baseUrl: string;
}) {
  const { db, billing, baseUrl } = deps;
  // before the body is read: without Stripe, 404 whatever is sent
  const configured: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (!billing) throw notConfigured();
    await next();
  };
  return router({ requireSession: deps.requireSession })
    .on(api.startCheckout, { guards: [configured] }, async (c, { body }) => {
      const lang = detectLanguage(c.req.raw.headers);
      return c.json(
        await startCheckout({
          db,
          billing: billing!,
          user: c.var.user,
          request: body,
          baseUrl,
          lang,
        }),
      );
    })
    .on(api.openBillingPortal, { guards: [configured] }, async (c) => {
      const lang = detectLanguage(c.req.raw.headers);
      return c.json(
        await openBillingPortal({ db, billing: billing!, userId: c.var.userId, baseUrl, lang }),
      );
    }).app;
}

/**
 * POST /api/billing/webhook: Stripe's events, mounted before the /api guards — Stripe is a
 * server, not a browser (no Origin), and the signature covers the exact bytes sent, which the
 * text guard must not reinterpret. A bad signature is a 400 and changes nothing; so is a signed
 * event that is malformed (decision 048: a 500 would be redelivered for days), logged.
 */
export function billingWebhookRoutes(deps: { db: Db; billing: Billing | null }) {
  const { db, billing } = deps;
  // its body limit is every route's (app.ts)
  return router().on(api.billingWebhook, async (c) => {
    if (!billing) throw notConfigured();
    const payload = await c.req.text();
    const signature = c.req.header("stripe-signature") ?? "";
    let event;
    try {
      event = billing.stripe.webhooks.constructEvent(payload, signature, billing.webhookSecret);
    } catch {
      throw new AppError("VALIDATION_FAILED", "The webhook signature does not match.", {
        fields: { "stripe-signature": "invalid" },
      });
    }
    const parsed = parseBillingEvent(event);
    if ("fields" in parsed) {
      // whatever JSON was signed: null, a string, an array
      const { id, type } = (typeof event === "object" && event !== null ? event : {}) as {
        id?: unknown;
        type?: unknown;
      };
      c.var.log.warn(
        {
          event: String(id).slice(0, 100),
          type: String(type).slice(0, 100),
          fields: parsed.fields,
        },
        "malformed billing event refused",
      );
      throw new AppError("VALIDATION_FAILED", "The event is not one Stripe sends.", {
        fields: parsed.fields,
      });
    }
    const outcome = await applyBillingEvent({ db, billing, event: parsed.event });
    c.var.log.info({ event: parsed.event.id, type: parsed.event.type, outcome }, "billing event");
    return c.json({ received: true, outcome });
  }).app;
}
