// Allowed domains of an embed configuration (spec §5 "Domain add", issue 6): normalisation,
// validation, matching a visitor's host, and the CSP frame-ancestors sources built from them.
// Pure: the only platform piece is the WHATWG URL parser (browser and Node alike), used for
// IDNA → punycode of international names.

export const maxLabelLength = 63;
export const maxDomainLength = 253;

export const invalidDomainMessage = "Invalid domain format";
export const duplicateDomainMessage = "This domain is already in the list";

export type DomainProblem = "invalid" | "duplicate";

export type DomainResult = { ok: true; domain: string } | { ok: false; problem: "invalid" };

const labelPattern = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const asciiHostChars = /^[a-z0-9.-]*$/;
// characters that may appear around letters of another script before IDNA conversion; anything
// else ASCII (":", "/", "@", "%", "_", spaces…) refuses the input before the URL parser sees it
const nonAsciiHostChars = /^(?:[a-z0-9.-]|[^\p{ASCII}])*$/u;

/**
 * The stored form of a domain the user typed, or `invalid`:
 * trimmed, lower-cased, `http://`/`https://` and any path, query or fragment removed; then
 * dot-separated labels of letters, digits and hyphens (each 1–63 characters, not starting or
 * ending with a hyphen, at least two labels, the last one not all digits) or `localhost`;
 * international names become punycode (`é.fr` → `xn--9ca.fr`); an optional leading `*.`
 * (subdomains only) before a name of at least two labels. Ports, IP addresses, other wildcards,
 * user info and empty labels are refused.
 */
export function normaliseDomain(input: string): DomainResult {
  let value = input.trim().toLowerCase();
  value = value.replace(/^https?:\/\//, "");
  const end = value.search(/[/?#]/);
  if (end !== -1) value = value.slice(0, end);

  let wildcard = false;
  if (value.startsWith("*.")) {
    wildcard = true;
    value = value.slice(2);
  }
  const host = toAsciiHost(value);
  if (host === null) return { ok: false, problem: "invalid" };
  if (host === "localhost") {
    return wildcard ? { ok: false, problem: "invalid" } : { ok: true, domain: host };
  }
  if (!isDnsName(host)) return { ok: false, problem: "invalid" };
  const domain = wildcard ? `*.${host}` : host;
  if (domain.length > maxDomainLength) return { ok: false, problem: "invalid" };
  return { ok: true, domain };
}

/** ASCII (punycode) form of a host of letters, digits, dots and hyphens; null otherwise. */
function toAsciiHost(value: string): string | null {
  if (value === "") return null;
  if (asciiHostChars.test(value)) return value;
  if (!nonAsciiHostChars.test(value)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${value}/`).hostname;
  } catch {
    return null;
  }
  return asciiHostChars.test(hostname) ? hostname : null;
}

function isDnsName(host: string): boolean {
  const labels = host.split(".");
  if (labels.length < 2) return false;
  if (!labels.every((l) => l.length <= maxLabelLength && labelPattern.test(l))) return false;
  // an all-digit last label is an IPv4 address to browsers (1.2.3.4, 10.1); no TLD is numeric
  return !/^[0-9]+$/.test(labels[labels.length - 1]!);
}

export type AddDomainResult =
  | { ok: true; domains: string[]; domain: string }
  | { ok: false; problem: DomainProblem; message: string };

/** Adds a typed domain to a list: invalid → 'Invalid domain format'; already there → duplicate. */
export function addDomain(domains: readonly string[], input: string): AddDomainResult {
  const result = normaliseDomain(input);
  if (!result.ok) return { ok: false, problem: "invalid", message: invalidDomainMessage };
  if (domains.includes(result.domain)) {
    return { ok: false, problem: "duplicate", message: duplicateDomainMessage };
  }
  return { ok: true, domains: [...domains, result.domain], domain: result.domain };
}

/**
 * Normalises a whole list (what the API receives): the stored list, or the index and problem of
 * the first entry refused (an entry equal to an earlier one after normalisation is a duplicate).
 */
export function normaliseDomainList(
  inputs: readonly string[],
): { ok: true; domains: string[] } | { ok: false; index: number; problem: DomainProblem } {
  const domains: string[] = [];
  for (const [index, input] of inputs.entries()) {
    const result = addDomain(domains, input);
    if (!result.ok) return { ok: false, index, problem: result.problem };
    domains.push(result.domain);
  }
  return { ok: true, domains };
}

/**
 * Whether a visitor's host (a URL's `hostname`: lower-case, punycode) is allowed. Exact match
 * only; `*.x.com` matches `a.x.com` and `a.b.x.com` but not `x.com` itself, exactly as the CSP
 * source `https://*.x.com` does, so the Referer check and the browser's frame-ancestors agree.
 * Ports play no part (every port of an allowed domain is allowed).
 */
export function isHostAllowed(host: string, allowedDomains: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, "");
  if (h === "") return false;
  return allowedDomains.some((domain) => {
    if (domain.startsWith("*.")) {
      const suffix = domain.slice(1); // ".x.com"
      return h.length > suffix.length && h.endsWith(suffix);
    }
    return h === domain;
  });
}

/**
 * The CSP frame-ancestors sources of the allowed domains: `http://<domain>:*` and
 * `https://<domain>:*` for each (any port; API.md promises both schemes, and many mosque and
 * charity sites are still served over http). Entries that are not valid stored domains
 * are left out (a source list is never built from unchecked text). An empty list gives
 * `'none'`.
 */
export function frameAncestorSources(allowedDomains: readonly string[]): string[] {
  const sources: string[] = [];
  for (const entry of allowedDomains) {
    const result = normaliseDomain(entry);
    if (!result.ok || result.domain !== entry) continue;
    sources.push(`http://${entry}:*`, `https://${entry}:*`);
  }
  const unique = [...new Set(sources)];
  return unique.length ? unique : ["'none'"];
}
