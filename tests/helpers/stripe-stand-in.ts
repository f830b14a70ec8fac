import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

// A local HTTP server standing in for the Stripe API (the library's host/port/protocol options
// point at it through STRIPE_API_URL): it records what Hawl sends and answers like Stripe for
// customers, Checkout sessions, portal sessions and subscriptions (read, listed by customer,
// cancelled). Its /checkout/{id} page plays the part of a paid Checkout: it delivers the signed
// events Stripe would send, then goes to success_url. `down` makes it fail like an unreachable
// Stripe: "hang" accepts and never answers, "error" answers 500.

export const stripeTestEnv = {
  STRIPE_SECRET_KEY: "sk_test_hawl",
  STRIPE_WEBHOOK_SECRET: "whsec_test_hawl",
  STRIPE_PRICE_STANDARD_MONTHLY: "price_standard_month",
  STRIPE_PRICE_STANDARD_YEARLY: "price_standard_year",
  STRIPE_PRICE_PRO_MONTHLY: "price_pro_month",
  STRIPE_PRICE_PRO_YEARLY: "price_pro_year",
};

export interface RecordedStripeRequest {
  method: string;
  path: string;
  /** the form body as Stripe's library encodes it: "line_items[0][price]" → "price_…" */
  form: Record<string, string>;
  authorization: string | undefined;
}

const stripe = new Stripe(stripeTestEnv.STRIPE_SECRET_KEY);

/** A webhook delivery as Stripe signs it. */
export function signedEvent(event: unknown, secret = stripeTestEnv.STRIPE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
  return { payload, signature };
}

let sequence = 0;
const nextId = (prefix: string) => `${prefix}_test_${Date.now().toString(36)}${++sequence}`;

/** A customer.subscription.* event carrying the whole subscription, as Stripe sends it. */
export function subscriptionEvent(options: {
  type?: "created" | "updated" | "deleted";
  id?: string;
  subscriptionId: string;
  customer: string;
  price: string;
  status?: Stripe.Subscription.Status;
  /** Unix seconds */
  created: number;
  periodEnd: number;
  cancelAtPeriodEnd?: boolean;
  userId?: string;
}) {
  return {
    id: options.id ?? nextId("evt"),
    object: "event",
    type: `customer.subscription.${options.type ?? "updated"}`,
    created: options.created,
    livemode: false,
    api_version: Stripe.API_VERSION,
    data: {
      object: {
        id: options.subscriptionId,
        object: "subscription",
        customer: options.customer,
        status: options.status ?? "active",
        cancel_at_period_end: options.cancelAtPeriodEnd ?? false,
        metadata: options.userId ? { userId: options.userId } : {},
        items: {
          object: "list",
          data: [
            {
              id: nextId("si"),
              object: "subscription_item",
              price: { id: options.price, object: "price" },
              current_period_end: options.periodEnd,
            },
          ],
        },
      },
    },
  };
}

export function checkoutCompletedEvent(options: {
  customer: string;
  userId: string;
  subscriptionId: string;
  created: number;
}) {
  return {
    id: nextId("evt"),
    object: "event",
    type: "checkout.session.completed",
    created: options.created,
    livemode: false,
    data: {
      object: {
        id: nextId("cs"),
        object: "checkout.session",
        customer: options.customer,
        client_reference_id: options.userId,
        subscription: options.subscriptionId,
        metadata: { userId: options.userId },
      },
    },
  };
}

async function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  let body = "";
  for await (const chunk of req) body += chunk;
  return Object.fromEntries(new URLSearchParams(body));
}

type StandInSubscription = ReturnType<typeof subscriptionEvent>["data"]["object"];

export async function startStripeStandIn(options: { webhookUrl?: string } = {}) {
  const requests: RecordedStripeRequest[] = [];
  const sessions = new Map<string, Record<string, string>>();
  /** the subscriptions as Stripe has them now, by id */
  const subscriptions = new Map<string, StandInSubscription>();
  const state = { down: null as null | "hang" | "error" };
  const hanging = new Set<ServerResponse>();
  let base = "";
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", base);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(value));
    };
    if (url.pathname.startsWith("/v1/")) {
      const form = await readForm(req);
      requests.push({
        method: req.method ?? "",
        path: url.pathname,
        form,
        authorization: req.headers.authorization,
      });
      if (state.down === "hang") return void hanging.add(res);
      if (state.down === "error") {
        return json(500, { error: { type: "api_error", message: "stand-in is down" } });
      }
      const missing = () =>
        json(404, {
          error: { type: "invalid_request_error", code: "resource_missing", message: "missing" },
        });
      const one = /^\/v1\/subscriptions\/([\w]+)$/.exec(url.pathname);
      if (one && req.method === "GET") {
        const found = subscriptions.get(one[1]!);
        return found ? json(200, found) : missing();
      }
      if (one && req.method === "DELETE") {
        const found = subscriptions.get(one[1]!);
        if (!found || found.status === "canceled") return missing();
        found.status = "canceled";
        return json(200, found);
      }
      if (url.pathname === "/v1/subscriptions" && req.method === "GET") {
        const customer = url.searchParams.get("customer");
        const data = [...subscriptions.values()].filter(
          (s) => s.customer === customer && s.status !== "canceled",
        );
        return json(200, { object: "list", url: "/v1/subscriptions", has_more: false, data });
      }
      if (req.method !== "POST") return missing();
      if (url.pathname === "/v1/customers") {
        return json(200, { id: nextId("cus"), object: "customer", email: form.email ?? null });
      }
      if (url.pathname === "/v1/checkout/sessions") {
        const id = nextId("cs");
        sessions.set(id, form);
        return json(200, { id, object: "checkout.session", url: `${base}/checkout/${id}` });
      }
      if (url.pathname === "/v1/billing_portal/sessions") {
        return json(200, {
          id: nextId("bps"),
          object: "billing_portal.session",
          url: `${base}/portal?customer=${form.customer}`,
        });
      }
      return json(404, { error: { type: "invalid_request_error", message: "unknown" } });
    }
    // The "paid" Checkout page: Stripe's events to the app, then back to the success page.
    const paid = /^\/checkout\/(cs_[\w]+)$/.exec(url.pathname);
    if (req.method === "GET" && paid && options.webhookUrl) {
      const form = sessions.get(paid[1]!);
      if (!form) return json(404, {});
      const userId = form.client_reference_id!;
      const customer = form.customer!;
      const subscriptionId = nextId("sub");
      const created = Math.floor(Date.now() / 1000);
      const started = subscriptionEvent({
        type: "created",
        subscriptionId,
        customer,
        price: form["line_items[0][price]"]!,
        created,
        periodEnd: created + 30 * 86_400,
        userId,
      });
      subscriptions.set(subscriptionId, structuredClone(started.data.object));
      for (const event of [
        checkoutCompletedEvent({ customer, userId, subscriptionId, created }),
        started,
      ]) {
        const { payload, signature } = signedEvent(event);
        await fetch(options.webhookUrl, {
          method: "POST",
          headers: { "content-type": "application/json", "stripe-signature": signature },
          body: payload,
        });
      }
      res.writeHead(303, { location: form.success_url! });
      return res.end();
    }
    json(404, {});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    subscriptions,
    /** Stripe now holds this subscription (a copy of an event's object) */
    remember(event: ReturnType<typeof subscriptionEvent>) {
      subscriptions.set(event.data.object.id, structuredClone(event.data.object));
    },
    set down(mode: null | "hang" | "error") {
      state.down = mode;
      if (!mode) for (const res of hanging) res.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;
