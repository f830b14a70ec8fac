import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { signUpAndSignIn, type SignedInUser } from "./accounts.ts";
import { testEngine } from "./database.ts";
import { checkoutCompletedEvent, stripeTestEnv, subscriptionEvent } from "./stripe-stand-in.ts";
import { stripeTestAppForTests } from "./stripe-test-app.ts";
import { changedTables, checkedTables, tableChecksums } from "./table-checksums.ts";
import Stripe from "stripe";

// The fuzz of POST /api/billing/webhook with *validly signed* events (decision 048): the write
// routes' fuzz (fuzz-support.ts) breaks a Stripe event the way it breaks any body,
// and this signs the result with the webhook secret, so every case passes the signature and
// reaches the event's own checks. Every case must answer below 500, and a refusal must leave
// every table as it was. Its own app, with Stripe configured against the local stand-in.

const signer = new Stripe(stripeTestEnv.STRIPE_WEBHOOK_SECRET);

export function describeSignedStripeEventFuzz<Op>(options: {
  runs: number;
  seed: number;
  opArb: fc.Arbitrary<Op>;
  /** the write routes' fuzz: breaks (a copy of) the seed by `ops`, returns the body's text */
  mutate: (seed: unknown, ops: Op[]) => string;
}) {
  const { runs, seed, opArb, mutate } = options;
  describe(`fuzzing signed Stripe events on ${testEngine()}`, () => {
    const stripe = stripeTestAppForTests();
    let person: SignedInUser;
    let customer: string;
    let subscriptionId: string;
    let created = Math.floor(Date.now() / 1000);

    beforeAll(async () => {
      person = await signUpAndSignIn(stripe.testApp);
      const checkout = await person.json("POST", "/api/billing/checkout", { plan: "standard" });
      expect(checkout.status).toBe(200);
      customer = stripe.stand.requests.at(-1)!.form.customer!;
      subscriptionId = `sub_fuzz_${created}`;
    });

    /** A well-formed event of one of the kinds the webhook reads, new id, later `created`. */
    function seedEvent(kind: number) {
      created += kind % 4 === 3 ? 0 : 1; // now and then the same second as the last one
      const subscription = {
        subscriptionId,
        customer,
        created,
        periodEnd: created + 30 * 86_400,
        userId: person.id,
        price: [stripeTestEnv.STRIPE_PRICE_STANDARD_MONTHLY, stripeTestEnv.STRIPE_PRICE_PRO_YEARLY][
          kind % 2
        ]!,
      };
      const types = ["created", "updated", "deleted"] as const;
      if (kind % 5 === 4) {
        return checkoutCompletedEvent({ customer, userId: person.id, subscriptionId, created });
      }
      const event = subscriptionEvent({ ...subscription, type: types[kind % 3] });
      stripe.stand.remember(event);
      return event;
    }

    it(
      `answers ${runs} signed, broken events without a 5xx or a change after a refusal`,
      async () => {
        const tables = await checkedTables(stripe.testApp.database);
        let before = await tableChecksums(stripe.testApp.database, tables);
        const problems: string[] = [];
        const statuses = new Map<number, number>();
        await fc.assert(
          fc.asyncProperty(
            fc.nat(),
            fc.oneof(
              { weight: 1, arbitrary: fc.constant<Op[]>([]) },
              { weight: 6, arbitrary: opArb.map((op) => [op]) },
              { weight: 2, arbitrary: fc.array(opArb, { minLength: 2, maxLength: 3 }) },
            ),
            async (kind, ops) => {
              const payload = mutate(seedEvent(kind), ops);
              const signature = signer.webhooks.generateTestHeaderString({
                payload,
                secret: stripeTestEnv.STRIPE_WEBHOOK_SECRET,
              });
              const response = await stripe.testApp.app.request("/api/billing/webhook", {
                method: "POST",
                headers: { "content-type": "application/json", "stripe-signature": signature },
                body: payload,
              });
              const text = await response.text();
              statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
              const shown = `${payload.slice(0, 300)} → ${response.status} ${text.slice(0, 200)}`;
              if (response.status >= 500) problems.push(shown);
              const after = await tableChecksums(stripe.testApp.database, tables);
              if (response.status >= 300) {
                const changed = changedTables(before, after);
                if (changed.length) problems.push(`${shown} changed ${changed.join(", ")}`);
              }
              before = after;
              return true;
            },
          ),
          { numRuns: runs, seed, endOnFailure: true },
        );
        const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
        console.log(
          `signed Stripe events on ${testEngine()}: ${runs} cases (FUZZ_SEED=${seed}); ` +
            `statuses ${byStatus.join(" ")}; ${problems.length} problems`,
        );
        expect(problems).toEqual([]);
        // the fuzz reached the event's checks: some refused there, some applied
        if (runs >= 50) {
          expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
          expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
        }
      },
      Math.max(120_000, runs * 300),
    );
  });
}
