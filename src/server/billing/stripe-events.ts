import { z } from "zod";

// The parts of Stripe's webhook events that Hawl reads, checked once the signature is (decision
// 048). A validly signed event can still be malformed (no `data`, `items: null`, NUL
// characters): it is refused with 400 and changes nothing, rather than failing with 500, which
// Stripe would redeliver for days.

/** An id or text Stripe sends: no NUL, no lone surrogate (neither can be stored). */
const text = z
  .string()
  .min(1)
  .max(255)
  .refine((s) => !s.includes("\u0000") && s.isWellFormed(), "not storable text");

/** Unix seconds up to the year 9999 (a timestamp column's range). */
const seconds = z.number().int().min(0).max(253_402_300_799);

/** A field Stripe sends as an id, or as the object itself when expanded. */
const reference = z
  .union([text, z.looseObject({ id: text })])
  .transform((value) => (typeof value === "string" ? value : value.id));

const metadata = z
  .looseObject({ userId: text.optional() })
  .nullish()
  .transform((value) => value ?? {});

const checkoutSession = z.looseObject({
  customer: reference.nullish(),
  client_reference_id: text.nullish(),
  metadata,
});

export const subscriptionSchema = z.looseObject({
  id: text,
  customer: reference,
  status: text,
  cancel_at_period_end: z.boolean(),
  metadata,
  items: z.looseObject({
    data: z.array(
      z.looseObject({
        price: z.looseObject({ id: text }),
        current_period_end: seconds,
      }),
    ),
  }),
});
export type BillingSubscription = z.infer<typeof subscriptionSchema>;

const base = { id: text, created: seconds };

const subscriptionTypes = [
  "customer.subscription.created",
  "customer.subscription.updated",
  "customer.subscription.deleted",
] as const;

const checkoutEvent = z.looseObject({
  ...base,
  type: z.literal("checkout.session.completed"),
  data: z.looseObject({ object: checkoutSession }),
});
const subscriptionEvent = z.looseObject({
  ...base,
  type: z.enum(subscriptionTypes),
  data: z.looseObject({ object: subscriptionSchema }),
});
/** any other type is acknowledged and ignored; its id and type are still stored */
const otherEvent = z.looseObject({
  ...base,
  type: text,
  data: z.looseObject({ object: z.looseObject({}) }),
});

export type BillingEvent = { id: string; type: string; created: number } & (
  | { kind: "checkout"; session: z.infer<typeof checkoutSession> }
  | { kind: "subscription"; subscription: BillingSubscription; deleted: boolean }
  | { kind: "other" }
);

/** The event, or the fields that are wrong ({ "data.object.items": "invalid" }). */
export function parseBillingEvent(
  raw: unknown,
): { event: BillingEvent } | { fields: Record<string, string> } {
  const type = (raw as { type?: unknown } | null)?.type;
  const wrong = (error: z.ZodError) => {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      fields[issue.path.map(String).join(".") || "event"] = "invalid";
    }
    return { fields };
  };
  if (type === "checkout.session.completed") {
    const parsed = checkoutEvent.safeParse(raw);
    if (!parsed.success) return wrong(parsed.error);
    const { id, created, data } = parsed.data;
    return { event: { id, type, created, kind: "checkout", session: data.object } };
  }
  if ((subscriptionTypes as readonly unknown[]).includes(type)) {
    const parsed = subscriptionEvent.safeParse(raw);
    if (!parsed.success) return wrong(parsed.error);
    const { id, created, data } = parsed.data;
    return {
      event: {
        id,
        type: parsed.data.type,
        created,
        kind: "subscription",
        subscription: data.object,
        deleted: parsed.data.type === "customer.subscription.deleted",
      },
    };
  }
  const parsed = otherEvent.safeParse(raw);
  if (!parsed.success) return wrong(parsed.error);
  return {
    event: {
      id: parsed.data.id,
      type: parsed.data.type,
      created: parsed.data.created,
      kind: "other",
    },
  };
}
