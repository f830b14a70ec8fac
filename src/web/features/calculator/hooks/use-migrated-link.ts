import { useEffect, useRef } from "react";
import type { Draft } from "../model/draft";
import type { SaveBody, ServerLink } from "../model/saved";

// Apart from the migration itself (hooks/use-guest-migration.ts), which only signed-in pages
// with a waiting guest calculation load (issue 12): the calculator only listens for its event.

/** Dispatched on `window` once a guest calculation is saved: an open calculator links to it. */
export const CALCULATION_MIGRATED_EVENT = "hawl:calculation-migrated";

export interface CalculationMigratedDetail {
  link: ServerLink;
  body: SaveBody;
}

/**
 * For the calculator page: when the guest calculation it shows is migrated while it is open,
 * link it to the saved calculation (auto-save then sends any later change there).
 */
export function useMigratedLink(options: {
  draft: Draft;
  link: ServerLink | null;
  setLink: (link: ServerLink) => void;
}): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  useEffect(() => {
    const onMigrated = (event: Event) => {
      const { link, body } = (event as CustomEvent<CalculationMigratedDetail>).detail;
      // the migration that sent the event has loaded this module already
      void import("../model/migration").then(({ holdsMigratedEntries }) => {
        const { draft, link: current, setLink } = latest.current;
        if (current === null && holdsMigratedEntries(draft, body)) setLink(link);
      });
    };
    window.addEventListener(CALCULATION_MIGRATED_EVENT, onMigrated);
    return () => window.removeEventListener(CALCULATION_MIGRATED_EVENT, onMigrated);
  }, []);
}
