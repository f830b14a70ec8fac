import { useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False on the server, during prerendering and during hydration; true afterwards (and at once in
 * a page rendered in the browser). Values that the static HTML cannot know (query, fragment,
 * storage) should wait for it, or hydration mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
