import { recordEmbedEvent as declaration } from "../../contracts/endpoints/embed.ts";
import type { MiddlewareHandler } from "hono";
import { clientIp } from "../auth/client-ip.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { AppError } from "../errors.ts";
import { recordEmbedEvent } from "../services/record-embed-event.ts";
import { addressGroup } from "./address-group.ts";
import type { AppEnv } from "./context.ts";
import { router } from "./route.ts";

export interface EmbedEventLimits {
  /** events per window per embed key and client address */
  perWindow: number;
  windowMs: number;
}

/** About 7 calculations a minute from one address for one embed: far more than a person does. */
export const embedEventLimits: EmbedEventLimits = { perWindow: 30, windowMs: 60_000 };

/**
 * A beacon always carries its document's Origin, the embed page's (decision 049): one without
 * is refused (403 CROSS_SITE_REQUEST), before its body is read. The API's Origin check has
 * already refused any other origin; it lets requests without Origin through for scripts, which
 * is exactly what must not count.
 */
const originRequired: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.req.header("origin")) {
    throw new AppError("CROSS_SITE_REQUEST", "An embed event must carry the embed page's Origin.");
  }
  await next();
};

/**
 * POST /api/embed/events (issue 18, decisions 021 and 049): the embed page's beacons. The
 * address is used only for the rate limit, grouped by /64 for IPv6, in this process's memory
 * for one window, never stored or logged beyond the request log's usual line; 429 RATE_LIMITED
 * with Retry-After above it. Bound to contracts/endpoints/embed.ts; mount at "/".
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

  return router().on(declaration, { guards: [originRequired] }, async (c, { body }) => {
    const retryAfter = take(`${body.key}\u0000${addressGroup(clientIp(c, deps.trustProxy))}`);
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
