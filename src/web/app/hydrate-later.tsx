import { Suspense, type ReactNode } from "react";

// Progressive hydration (issue 12: the calculator's Total Blocking Time was its hydration, one
// task of ~60 ms on this machine, ~250 ms under Lighthouse's 4× slowdown). A part of the page in
// <HydrateLater> keeps its prerendered HTML when the page hydrates and is hydrated in a task of
// its own right after, in the order the parts were met: Preact keeps the DOM of a component that
// suspends while hydrating and hydrates it once the promise settles; its <Suspense> shows no
// fallback meanwhile. The page is on screen throughout; a part answers clicks a few milliseconds
// later. Only while the first page hydrates (entry.client.tsx): in any later render, and on React
// (the unit tests), a part renders at once.

let hydrating = false;
/** The parts met during this hydration, each waiting for a task of its own. */
let turns = Promise.resolve();

/** entry.client.tsx: around hydrateRoot(). */
export function hydrateWith(hydrate: () => void): void {
  hydrating = true;
  try {
    hydrate();
  } finally {
    hydrating = false;
  }
}

/** The next part's turn: a task after the previous part's. */
function nextTurn(): Promise<void> {
  turns = turns.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  return turns;
}

/** Settles once every part met so far has had its turn (at once when there was none). */
export function whenHydrated(): Promise<void> {
  return turns;
}

function Later({ children }: { children: ReactNode }) {
  // thrown once, while the page hydrates: the promise's second render hydrates the part
  if (hydrating) throw nextTurn();
  return children;
}

/** A part of the page (one element at its root) hydrated after the rest; see above. */
export function HydrateLater({ children }: { children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Later>{children}</Later>
    </Suspense>
  );
}
