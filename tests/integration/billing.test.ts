import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billingRedirectSchema } from "../../src/contracts/billing.ts";
import { planUsageResponseSchema } from "../../src/contracts/me.ts";
import { signUpAndSignIn, type SignedInUser } from "../helpers/accounts.ts";
import { testEngine } from "../helpers/database.ts";
import {
  checkoutCompletedEvent,
  type StripeStandIn,
  stripeTestEnv,
  subscriptionEvent,
} from "../helpers/stripe-stand-in.ts";
import { startStripeTestApp, type StripeTestApp } from "../helpers/stripe-test-app.ts";
import {
  createTestApp,
  relaxedAuthLimits,
  testBaseUrl,
  type TestApp,
} from "../helpers/test-app.ts";

// Issue 14: buying a plan with Stripe. Checkout and portal sessions are created against a local
// stand-in for the Stripe API (what Hawl sends is asserted); webhooks carry signatures made by
// stripe.webhooks.generateTestHeaderString: valid, tampered, replayed, out of order, unknown.

const engine = testEngine();

describe(`billing with Stripe on ${engine}`, () => {
  let stripe: StripeTestApp;
  let testApp: TestApp;
  let stand: StripeStandIn;
  const now = () => Math.floor(Date.now() / 1000);

  beforeAll(async () => {
    stripe = await startStripeTestApp();
    ({ testApp, stand } = stripe);
  });
  afterAll(() => stripe.close());

  const deliver = (event: object, options: { tamper?: boolean; secret?: string } = {}) =>
    stripe.deliver(event, options);
  const planOf = async (person: SignedInUser) =>
    planUsageResponseSchema.parse(await (await person.request("/api/me/plan")).json());

  /** An account that went through Checkout: its Stripe customer id. */
  async function checkedOut(person: SignedInUser, plan = "standard", interval = "month") {
    const response = await person.json("POST", "/api/billing/checkout", { plan, interval });
    expect(response.status).toBe(200);
    billingRedirectSchema.parse(await response.json());
    return stand.requests.filter((r) => r.path === "/v1/checkout/sessions").at(-1)!.form.customer!;
  }

  it("creates a Checkout session for the plan and interval, with the account's customer", async () => {
    const person = await signUpAndSignIn(testApp);
    const before = stand.requests.length;
    const response = await person.request("/api/billing/checkout", {
      method: "POST",
      headers: { "content-type": "application/json", "x-hawl-language": "fr" },
      body: JSON.stringify({ plan: "pro", interval: "year" }),
    });
    expect(response.status).toBe(200);
    const { url } = billingRedirectSchema.parse(await response.json());
    expect(url).toMatch(new RegExp(`^${stand.url}/checkout/cs_`));

    const sent = stand.requests.slice(before);
    expect(sent.map((r) => r.path)).toEqual(["/v1/customers", "/v1/checkout/sessions"]);
    expect(sent[0]!.form).toMatchObject({ email: person.email, "metadata[userId]": person.id });
    expect(sent[0]!.authorization).toBe(`Bearer ${stripeTestEnv.STRIPE_SECRET_KEY}`);
    expect(sent[1]!.form).toMatchObject({
      mode: "subscription",
      client_reference_id: person.id,
      "line_items[0][price]": stripeTestEnv.STRIPE_PRICE_PRO_YEARLY,
      "line_items[0][quantity]": "1",
      "subscription_data[metadata][userId]": person.id,
      locale: "fr",
      success_url: `${testBaseUrl}/fr/profile?checkout=success`,
      cancel_url: `${testBaseUrl}/fr/pricing?checkout=cancelled`,
    });
    expect(sent[1]!.form.customer).toMatch(/^cus_test_/);

    // a second checkout reuses the customer
    const again = await person.json("POST", "/api/billing/checkout", { plan: "standard" });
    expect(again.status).toBe(200);
    const last = stand.requests.slice(before + 2);
    expect(last.map((r) => r.path)).toEqual(["/v1/checkout/sessions"]);
    expect(last[0]!.form.customer).toBe(sent[1]!.form.customer);
    expect(last[0]!.form["line_items[0][price]"]).toBe(stripeTestEnv.STRIPE_PRICE_STANDARD_MONTHLY);
  });

  it("refuses a plan that is not sold, and asks for a session", async () => {
    const person = await signUpAndSignIn(testApp);
    const bad = await person.json("POST", "/api/billing/checkout", { plan: "free" });
    expect(bad.status).toBe(400);
    const anonymous = await testApp.request("/api/billing/checkout", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ plan: "pro" }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("applies a paid subscription at once, renews, and ends the plan at the period's end", async () => {
    const person = await signUpAndSignIn(testApp);
    const customer = await checkedOut(person);
    const t = now();
    const periodEnd = t + 30 * 86_400;
    const base = { subscriptionId: "sub_a_" + t, customer, created: t, periodEnd };

    // checkout's own event comes after the subscription's: the subscription names the account
    const created = subscriptionEvent({
      ...base,
      type: "created",
      price: stripeTestEnv.STRIPE_PRICE_STANDARD_MONTHLY,
      userId: person.id,
    });
    expect((await deliver(created)).status).toBe(200);
    const done = checkoutCompletedEvent({
      customer,
      userId: person.id,
      subscriptionId: base.subscriptionId,
      created: t,
    });
    expect((await deliver(done)).status).toBe(200);
    let plan = await planOf(person);
    expect(plan.plan).toBe("standard");
    expect(plan.renewsAt).toBe(new Date(periodEnd * 1000).toISOString());
    expect(plan).toMatchObject({ endsAt: null, onlinePayment: true, manageable: true });

    // upgrade to pro: at once
    await deliver(
      subscriptionEvent({
        ...base,
        created: t + 10,
        price: stripeTestEnv.STRIPE_PRICE_PRO_MONTHLY,
      }),
    );
    expect((await planOf(person)).plan).toBe("pro");

    // cancelled at the period's end: still pro until Stripe says it ended
    await deliver(
      subscriptionEvent({
        ...base,
        created: t + 20,
        price: stripeTestEnv.STRIPE_PRICE_PRO_MONTHLY,
        cancelAtPeriodEnd: true,
      }),
    );
    plan = await planOf(person);
    expect(plan).toMatchObject({ plan: "pro", renewsAt: null });
    expect(plan.endsAt).toBe(new Date(periodEnd * 1000).toISOString());

    await deliver(
      subscriptionEvent({
        ...base,
        type: "deleted",
        created: t + 30,
        status: "canceled",
        price: stripeTestEnv.STRIPE_PRICE_PRO_MONTHLY,
      }),
    );
    expect((await planOf(person)).plan).toBe("free");
  });

  it("answers a replayed event once, ignores an older one arriving late, and refuses a bad signature", async () => {
    const person = await signUpAndSignIn(testApp);
    const customer = await checkedOut(person);
    const t = now();
    const base = {
      subscriptionId: "sub_b_" + t,
      customer,
      periodEnd: t + 86_400,
      userId: person.id,
    };
    const pro = subscriptionEvent({
      ...base,
      created: t + 5,
      price: stripeTestEnv.STRIPE_PRICE_PRO_MONTHLY,
    });
    const standard = subscriptionEvent({
      ...base,
      created: t,
      price: stripeTestEnv.STRIPE_PRICE_STANDARD_MONTHLY,
    });

    // tampered and wrong-secret deliveries change nothing
    const tampered = await deliver(pro, { tamper: true });
    expect(tampered.status).toBe(400);
    expect(((await tampered.json()) as { error: { code: string } }).error.code).toBe(
      "VALIDATION_FAILED",
    );
    expect((await deliver(pro, { secret: "whsec_someone_else" })).status).toBe(400);
    expect((await planOf(person)).plan).toBe("free");

    // the newer event first, then the older one: the newer state stays
    expect(await (await deliver(pro)).json()).toEqual({ received: true, outcome: "applied" });
    expect(await (await deliver(standard)).json()).toEqual({ received: true, outcome: "stale" });
    expect((await planOf(person)).plan).toBe("pro");

    // the same event twice: applied once
    expect(await (await deliver(pro)).json()).toEqual({ received: true, outcome: "duplicate" });
  });

  it("ignores an event for a customer it does not know", async () => {
    const t = now();
    const stranger = subscriptionEvent({
      subscriptionId: "sub_x_" + t,
      customer: "cus_nobody_" + t,
      price: stripeTestEnv.STRIPE_PRICE_PRO_MONTHLY,
      created: t,
      periodEnd: t + 86_400,
    });
    const response = await deliver(stranger);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: "unknown-customer" });
  });

  it("opens the customer portal for an account with billing, 404 for one without", async () => {
    const person = await signUpAndSignIn(testApp);
    expect((await person.json("POST", "/api/billing/portal")).status).toBe(404);
    const customer = await checkedOut(person);
    const response = await person.json("POST", "/api/billing/portal");
    expect(response.status).toBe(200);
    expect(billingRedirectSchema.parse(await response.json()).url).toContain(customer);
    expect(stand.requests.at(-1)!.form).toMatchObject({
      customer,
      return_url: `${testBaseUrl}/profile`,
    });
  });

  it("keeps data on a downgrade: existing workspaces stay, only new ones are refused", async () => {
    const person = await signUpAndSignIn(testApp);
    const customer = await checkedOut(person);
    const t = now();
    const base = {
      subscriptionId: "sub_d_" + t,
      customer,
      periodEnd: t + 86_400,
      userId: person.id,
    };
    await deliver(
      subscriptionEvent({
        ...base,
        created: t,
        price: stripeTestEnv.STRIPE_PRICE_STANDARD_MONTHLY,
      }),
    );
    for (const name of ["Family", "Parents"]) {
      expect((await person.json("POST", "/api/workspaces", { name })).status).toBe(201);
    }
    await deliver(
      subscriptionEvent({
        ...base,
        type: "deleted",
        status: "canceled",
        created: t + 1,
        price: stripeTestEnv.STRIPE_PRICE_STANDARD_MONTHLY,
      }),
    );
    const list = (await (await person.request("/api/workspaces")).json()) as unknown[];
    expect(list.length).toBe(3);
    const refused = await person.json("POST", "/api/workspaces", { name: "One more" });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      "PLAN_LIMIT_REACHED",
    );
  });
});

describe(`billing without Stripe on ${engine}`, () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  it("answers 404 on the billing routes and says online payment is off", async () => {
    const person = await signUpAndSignIn(testApp);
    expect((await person.json("POST", "/api/billing/checkout", { plan: "pro" })).status).toBe(404);
    expect((await person.json("POST", "/api/billing/portal")).status).toBe(404);
    const webhook = await testApp.app.request("/api/billing/webhook", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(webhook.status).toBe(404);
    const plan = planUsageResponseSchema.parse(await (await person.request("/api/me/plan")).json());
    expect(plan).toMatchObject({ onlinePayment: false, manageable: false });
  });
});
