// One large write at a time per server process (issue 13 "No request can stall the others").
// A sync of thousands of rows is a few statements, but its JSON, its rows and its answer cost
// the HTTP thread tens of milliseconds each, and on PGlite its transaction holds the only
// database session: four at once left every other request queued behind all four. Through
// this gate they run one after the other, so another request waits behind one at most. Small
// writes never wait here.

/** Rows from which a write is "large" and goes through the gate. */
export const largeWriteRows = 500;

let running = false;
const waiting: (() => void)[] = [];

/** Runs `work` when no other large write runs; in arrival order. */
export async function oneLargeWriteAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (running) await new Promise<void>((resolve) => waiting.push(resolve));
  running = true;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running = false;
  }
}
