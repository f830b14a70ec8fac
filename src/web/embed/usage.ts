import type { EmbedUsageEvent } from "../../domain/embed/usage";

// The embed's usage counts (issue 18, decision 021): one navigator.sendBeacon per event of a
// keyed embed, to POST /api/embed/events on this server. Nothing is read from or written to the
// visitor's device (no cookie, no storage); the body is the embed key, the event and the
// framing page's origin, which the server checks against the configuration's domains.

/** The framing page's origin (Chromium, WebKit) or, elsewhere, the referrer of the frame. */
export function framingSite(loc: Location, doc: Pick<Document, "referrer">): string {
  return loc.ancestorOrigins?.[0] ?? doc.referrer;
}

/** A counter for this page: does nothing without a key, a framing site or sendBeacon. */
export function usageCounter(key: string | null, site: string) {
  return (event: EmbedUsageEvent) => {
    if (!key || !site || typeof navigator.sendBeacon !== "function") return;
    const body = JSON.stringify({ key, event, site });
    try {
      navigator.sendBeacon("/api/embed/events", new Blob([body], { type: "application/json" }));
    } catch {
      // counting is best effort: the calculator never fails for it
    }
  };
}
export type CountUsage = ReturnType<typeof usageCounter>;
