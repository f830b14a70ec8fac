// The decision of the embed domain check (spec §5 "Embed domain check", API.md "Embed"), given
// what the server knows about the request. The browser enforces the rest through the
// frame-ancestors sources of the allowed domains.

import { frameAncestorSources, isHostAllowed } from "./domains.ts";

export const embedDenialReasons = [
  "no_referrer",
  "invalid_key",
  "no_domains",
  "domain_not_allowed",
  "direct_access",
  "validation_error",
] as const;
export type EmbedDenialReason = (typeof embedDenialReasons)[number];

export interface EmbedKeyRecord {
  isActive: boolean;
  allowedDomains: readonly string[];
}

export interface EmbedRequest {
  /** whether the URL has a `key` parameter (even an empty one) */
  hasKey: boolean;
  /** the configuration of that key; null when no such key exists */
  record: EmbedKeyRecord | null;
  /** the Referer header, raw; null or "" when absent */
  referer: string | null;
  /** the Sec-Fetch-Dest header, lower-cased; null when absent (older browsers, tools) */
  fetchDest: string | null;
}

export type EmbedDecision =
  /** no key: the public calculator, embeddable anywhere */
  | { kind: "public" }
  /** a valid key: shown, and frame-ancestors limits the framing sites */
  | { kind: "allowed"; frameAncestors: string[] }
  /** the restricted page; `domain` is the visitor's host, "direct_access" or "unknown" */
  | { kind: "restricted"; reason: EmbedDenialReason; domain: string };

/** The host of a Referer URL (lower-case, punycode), or null when it is not a web URL. */
export function refererHost(referer: string | null): string | null {
  if (!referer) return null;
  try {
    const url = new URL(referer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return null;
    return url.hostname.toLowerCase() || null;
  } catch {
    return null;
  }
}

/**
 * The checks, in order:
 * 1. no key → public;
 * 2. unknown or inactive key → invalid_key; no allowed domain → no_domains;
 * 3. a top-level navigation (`Sec-Fetch-Dest: document`) → direct_access;
 * 4. a Referer that does not parse → validation_error; a Referer whose host is not allowed →
 *    domain_not_allowed;
 * 5. no Referer: framed (`Sec-Fetch-Dest: iframe`/`frame`) → allowed, frame-ancestors decides;
 *    otherwise → no_referrer.
 * The restricted page may be framed anywhere (`frame-ancestors *`): it shows no calculator and
 * has no action, and the owner of the framing site must see why it is refused (spec: reason,
 * the visitor's domain, steps to fix).
 */
export function decideEmbedAccess(request: EmbedRequest): EmbedDecision {
  if (!request.hasKey) return { kind: "public" };
  const { record } = request;
  const host = refererHost(request.referer);
  const direct = request.fetchDest === "document";
  const restricted = (reason: EmbedDenialReason, domain?: string): EmbedDecision => ({
    kind: "restricted",
    reason,
    domain: domain ?? host ?? (direct ? "direct_access" : "unknown"),
  });
  if (!record || !record.isActive) return restricted("invalid_key");
  const sources = frameAncestorSources(record.allowedDomains);
  if (sources[0] === "'none'") return restricted("no_domains");
  if (direct) return restricted("direct_access");
  if (request.referer && host === null) return restricted("validation_error", "unknown");
  if (host !== null) {
    return isHostAllowed(host, record.allowedDomains)
      ? { kind: "allowed", frameAncestors: sources }
      : restricted("domain_not_allowed");
  }
  if (request.fetchDest === "iframe" || request.fetchDest === "frame") {
    return { kind: "allowed", frameAncestors: sources };
  }
  return restricted("no_referrer");
}
