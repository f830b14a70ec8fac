import { afterAll, beforeAll } from "vitest";
import {
  signedEvent,
  startStripeStandIn,
  stripeTestEnv,
  type StripeStandIn,
} from "./stripe-stand-in.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "./test-app.ts";

// A test app with online payment on, against its own stand-in for Stripe's API.

export type StripeTestApp = Awaited<ReturnType<typeof startStripeTestApp>>;

/**
 * A test app with online payment on, against a fresh stand-in; `deliver` posts a signed event
 * to its webhook as Stripe does (no Origin, no cookie).
 */
export async function startStripeTestApp() {
  const stand = await startStripeStandIn();
  const testApp = await createTestApp(
    { ...stripeTestEnv, STRIPE_API_URL: stand.url },
    relaxedAuthLimits,
  );
  return {
    stand,
    testApp,
    deliver(event: unknown, options: { tamper?: boolean; secret?: string } = {}) {
      const { payload, signature } = signedEvent(event, options.secret);
      return testApp.app.request("/api/billing/webhook", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body: options.tamper ? payload.replace('"active"', '"trialing"') : payload,
      });
    },
    async close() {
      await testApp.close();
      await stand.close();
    },
  };
}

/** startStripeTestApp for the tests of a describe block: started before them, closed after. */
export function stripeTestAppForTests() {
  let started: StripeTestApp | undefined;
  beforeAll(async () => {
    started = await startStripeTestApp();
  });
  afterAll(() => started?.close());
  return {
    get testApp(): TestApp {
      return started!.testApp;
    },
    get stand(): StripeStandIn {
      return started!.stand;
    },
    deliver: (event: unknown) => started!.deliver(event),
  };
}
