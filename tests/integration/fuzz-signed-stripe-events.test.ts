import { describeSignedStripeEventFuzz } from "../helpers/fuzz-stripe-events.ts";
import { mutate, opArb, runs, seed } from "./fuzz-support.ts";

// The webhook with validly signed events, broken the way the write routes' fuzz breaks a body
// (decision 048): its own app, with Stripe configured against the stand-in.
describeSignedStripeEventFuzz({ runs, seed, opArb, mutate });
