import { eq } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { user } from "../db/schema.ts";

// Sign-up answers the same for a new address and a taken one (Better Auth's made-up user), and
// hashes the password on both paths; but a new account also writes the user, its credentials,
// its profile and workspace and queues a mail, which takes long enough to tell from outside
// whether an address has an account. So a sign-up that created nothing waits, before it
// answers, the difference between the median times of the recent sign-ups of each kind: both
// then take the same time as far as a client can measure, whatever either path does now or
// later, and a busy machine, which slows both alike, moves both medians together (decision 047).

/** How many recent sign-ups of each kind the medians are taken over (few: load changes). */
const remembered = 16;
/** No answer waits longer than this (a sign-up slowed by a database hiccup is not a model). */
const longestWaitMs = 2000;
/** Before this process created an account: half the taken path's own time more. */
const firstGuessFactor = 0.5;

export interface SignUpTiming {
  /** Runs Better Auth's sign-up; a 200 that created no account waits as a new one would. */
  answer(run: () => Promise<Response>): Promise<Response>;
}

/** The last `remembered` durations and their median. */
function recentDurations() {
  const values: number[] = [];
  let oldest = 0;
  return {
    add(ms: number) {
      const capped = Math.min(ms, longestWaitMs);
      if (values.length < remembered) values.push(capped);
      else {
        values[oldest] = capped;
        oldest = (oldest + 1) % remembered;
      }
    },
    median(): number | null {
      if (values.length === 0) return null;
      const sorted = [...values].sort((a, b) => a - b);
      const middle = sorted.length >> 1;
      return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
    },
  };
}

export function createSignUpTiming(
  db: Db,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): SignUpTiming {
  const created = recentDurations();
  const taken = recentDurations();
  // how much later than asked the waits end (a busy event loop): asked for that much less
  const late = recentDurations();

  const extraFor = (elapsed: number) => {
    const createdMedian = created.median();
    const takenMedian = taken.median();
    if (createdMedian === null || takenMedian === null) return elapsed * firstGuessFactor;
    return Math.max(0, createdMedian - takenMedian - (late.median() ?? 0));
  };

  return {
    async answer(run) {
      const started = performance.now();
      const response = await run();
      if (response.status !== 200) return response;
      // the same lookup on both paths: the answer's user exists only if it was just created
      const isNew = await answeredUserExists(db, response);
      const elapsed = performance.now() - started;
      if (isNew) {
        created.add(elapsed);
        return response;
      }
      taken.add(elapsed);
      const wait = Math.min(longestWaitMs, extraFor(elapsed));
      if (wait > 0) {
        const asleep = performance.now();
        await sleep(wait);
        late.add(Math.max(0, performance.now() - asleep - wait));
      }
      return response;
    },
  };
}

async function answeredUserExists(db: Db, response: Response): Promise<boolean> {
  let id: unknown;
  try {
    id = ((await response.clone().json()) as { user?: { id?: unknown } } | null)?.user?.id;
  } catch {
    return false;
  }
  if (typeof id !== "string") return false;
  const found = await db.select({ id: user.id }).from(user).where(eq(user.id, id)).limit(1);
  return found.length > 0;
}
