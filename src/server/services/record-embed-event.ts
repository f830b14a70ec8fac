import type { EmbedUsageEvent } from "../../domain/embed/usage.ts";
import { isHostAllowed } from "../../domain/embed/domains.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { findEmbedConfigByKey, incrementEmbedUsage } from "../db/repositories/embed-configs.ts";
import { AppError } from "../errors.ts";

/**
 * The host of the page that frames the embed, from what the embed reports: an origin
 * (`https://mosque.org:8443`, from location.ancestorOrigins) or a page URL (the document's
 * referrer). Null for anything else (no scheme, not http(s), empty).
 */
export function siteHost(site: string): string | null {
  let url: URL;
  try {
    url = new URL(site);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  return url.hostname === "" ? null : url.hostname;
}

/**
 * POST /api/embed/events (issue 18, decision 021): adds one to the day's count of a keyed
 * embed's event. Only a known, active key counts (404 otherwise), and only from a page of one
 * of its allowed domains (403 FORBIDDEN otherwise), matched exactly as the embed page's own
 * check. The request has already passed the API's Origin check: its Origin is this server's
 * (the embed page inside its frame), never the framing site's. Stores the count and nothing
 * else: no address, agent, referrer or time of day.
 */
export async function recordEmbedEvent(options: {
  db: Executor;
  key: string;
  event: EmbedUsageEvent;
  site: string;
  /** UTC day of the event, YYYY-MM-DD */
  day: string;
}): Promise<void> {
  const record = await findEmbedConfigByKey(options.db, options.key);
  if (!record || !record.isActive) throw new AppError("NOT_FOUND", "Unknown embed key.");
  const host = siteHost(options.site);
  if (!host || !isHostAllowed(host, record.allowedDomains)) {
    throw new AppError("FORBIDDEN", "This site is not one of the embed's domains.");
  }
  await incrementEmbedUsage(options.db, record.id, options.day, options.event);
}
