// GET requests a page starts before React has loaded (entry.client.tsx, issue 12): its data is
// on the way while the scripts and catalogs download, instead of after hydration. api() takes
// each answer once, for the same path, if it is still fresh; anything else is fetched as usual.

/** An early answer older than this is not used (the page took another way, or a long time). */
const FRESH_MS = 10_000;

const pending = new Map<string, { response: Promise<Response>; at: number }>();

/**
 * Starts GET `path` now (same-origin cookies, as api() sends them); the answer waits for api().
 * The caller gets a copy of it, to read what to ask for next.
 */
export function requestEarly(path: string): Promise<Response> {
  const response = fetch(path, { credentials: "same-origin" });
  pending.set(path, { response, at: Date.now() });
  // a failure surfaces where api() takes it; unclaimed, it must not be an unhandled rejection
  response.catch(() => {});
  return response.then((r) => r.clone());
}

/** The early answer to GET `path`, once: undefined when none was started or it is stale. */
export function takeEarly(path: string): Promise<Response> | undefined {
  const early = pending.get(path);
  if (!early) return undefined;
  pending.delete(path);
  return Date.now() - early.at < FRESH_MS ? early.response : undefined;
}
