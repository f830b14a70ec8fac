import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testEngine } from "../helpers/database.ts";
import {
  createAuthTestApp,
  goodPassword,
  relaxedRateLimits,
  signUpAndVerify,
  uniqueEmail,
  type AuthTestApp,
} from "./auth-support.ts";

// Issue 28 #10 (decision 047): how long sign-up takes must not tell a taken address from a new
// one. Sign-ups of both kinds alternate (so a busy moment of the machine slows both alike) and
// their medians are compared by ratio. Before the fix the taken address answered in about a
// third of the time of a new one here (the tests' cheap argon2 leaves the database writes of a
// new account as most of the difference); production measured 36 vs 53 ms on PGlite.

const rounds = 40;
/** largest ratio allowed between the two medians */
const tolerance = 1.3;
const attempts = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

describe(`sign-up timing on ${testEngine()}`, () => {
  let app: AuthTestApp;
  let taken: string;

  beforeAll(async () => {
    app = await createAuthTestApp({ auth: { rateLimits: relaxedRateLimits } });
    taken = (await signUpAndVerify(app)).email;
  });
  afterAll(() => app.close());

  const timedSignUp = async (email: string) => {
    const started = performance.now();
    const response = await app.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: goodPassword, name: "Timing", callbackURL: "/" }),
    });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    expect(response.status).toBe(200);
    return ms;
  };

  /** The ratio of the two medians over `rounds` alternating pairs. */
  const measure = async () => {
    const fresh: number[] = [];
    const existing: number[] = [];
    for (let i = 0; i < rounds; i++) {
      // which goes first alternates too
      if (i % 2 === 0) {
        fresh.push(await timedSignUp(uniqueEmail("timing")));
        existing.push(await timedSignUp(taken));
      } else {
        existing.push(await timedSignUp(taken));
        fresh.push(await timedSignUp(uniqueEmail("timing")));
      }
    }
    const [newMedian, takenMedian] = [median(fresh), median(existing)];
    const ratio = Math.max(newMedian, takenMedian) / Math.min(newMedian, takenMedian);
    console.log(
      `sign-up medians on ${testEngine()}: new ${newMedian.toFixed(1)} ms, taken ` +
        `${takenMedian.toFixed(1)} ms (ratio ${ratio.toFixed(2)}, n = ${rounds} each)`,
    );
    return ratio;
  };

  it("answers a taken address in the time a new one takes", async () => {
    // warm-up: the first queries and mails, and the server's recent sign-ups of each kind
    for (let i = 0; i < 20; i++) {
      await timedSignUp(uniqueEmail("warm"));
      await timedSignUp(taken);
    }
    // A burst of load from other processes can skew one measurement: up to three are made.
    // Before the fix every one was near 2 (the taken address twice as fast).
    const ratios: number[] = [];
    while (ratios.length < attempts && !ratios.some((r) => r < tolerance)) {
      ratios.push(await measure());
    }
    expect(Math.min(...ratios)).toBeLessThan(tolerance);
  }, 120_000);
});
