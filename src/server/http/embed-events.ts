import { recordEmbedEvent as declaration } from "../../contracts/endpoints/embed.ts";
import { clientIp } from "../auth/client-ip.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { AppError } from "../errors.ts";
import { recordEmbedEvent } from "../services/record-embed-event.ts";
import { router } from "./route.ts";

export interface EmbedEventLimits {
  /** events per window per embed key and client address */
  perWindow: number;
  windowMs: number;
}

/** About 7 calculations a minute from one address for one embed: far more than a person does. */
export const embedEventLimits: EmbedEventLimits = { perWindow: 30, windowMs: 60_000 };

/**
 * POST /api/embed/events (issue 18, decision 021): the embed page's beacons. The address is
 * used only for the rate limit, in this process's memory for one window, never stored or
 * logged beyond the request log's usual line; 429 RATE_LIMITED with Retry-After above it.
 * Bound to contracts/endpoints/embed.ts; mount at "/".
 */
export function embedEventRoutes(deps: {
  db: Executor;
  trustProxy: boolean;
  now?: () => Date;
  limits?: EmbedEventLimits;
}) {
  const limits = deps.limits ?? embedEventLimits;
  const now = () => (deps.now ? deps.now() : new Date());
  const windows = new Map<string, { start: number; count: number }>();

  function take(bucket: string): number | null {
    const at = Date.now();
    if (windows.size > 10_000) {
      for (const [k, w] of windows) if (at - w.start >= limits.windowMs) windows.delete(k);
    }
    const current = windows.get(bucket);
    if (!current || at - current.start >= limits.windowMs) {
      windows.set(bucket, { start: at, count: 1 });
      return null;
    }
    current.count += 1;
    if (current.count <= limits.perWindow) return null;
    return Math.max(1, Math.ceil((current.start + limits.windowMs - at) / 1000));
  }

  return router().on(declaration, async (c, { body }) => {
    const retryAfter = take(`${body.key}\u0000${clientIp(c, deps.trustProxy)}`);
    if (retryAfter !== null) {
      throw new AppError("RATE_LIMITED", "Too many embed events. Try again later.", {
        headers: { "Retry-After": String(retryAfter) },
      });
    }
    await recordEmbedEvent({
      db: deps.db,
      key: body.key,
      event: body.event,
      site: body.site,
      day: now().toISOString().slice(0, 10),
    });
    return c.body(null, 204);
  }).app;
}
