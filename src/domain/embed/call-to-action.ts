// The embed's call to action (issue 18): a "pay your zakat here" link of the organisation that
// embeds the calculator. Its template is an https URL in which {amount} and {currency} are
// filled in when zakat is due. Checked here, shared by the manager, the server and the embed.
import { isCurrencyCode } from "../money/currency.ts";
import { Decimal, toMinorUnitString } from "../money/decimal.ts";

export const maxCallToActionUrlLength = 2000;
export const maxOrganisationLength = 100;
export const maxCallToActionLabelLength = 80;
export const callToActionPlaceholders = ["{amount}", "{currency}"] as const;

export type CallToActionUrlProblem =
  | "required"
  | "too_long"
  | "invalid_url"
  | "https_only"
  | "credentials"
  | "unknown_placeholder"
  | "placeholder_in_host";

export type CallToActionUrlCheck =
  { ok: true; url: string; host: string } | { ok: false; problem: CallToActionUrlProblem };

const placeholder = /\{([^{}]*)\}/g;

function withValues(template: string, amount: string, currency: string): string {
  return template.replaceAll("{amount}", amount).replaceAll("{currency}", currency);
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * Checks a link template: trimmed, at most 2,000 characters, an absolute https URL (so no
 * `javascript:`, `data:`, `http:` or relative link), no user name or password, no placeholder
 * but {amount} and {currency}, and none of them in the host (the host shown in the manager is
 * the one the visitor reaches). `host` is the URL's host name (punycode for international ones).
 */
export function checkCallToActionUrl(value: unknown): CallToActionUrlCheck {
  if (typeof value !== "string") return { ok: false, problem: "required" };
  const url = value.trim();
  if (url === "") return { ok: false, problem: "required" };
  if (url.length > maxCallToActionUrlLength) return { ok: false, problem: "too_long" };
  // control characters and spaces would be dropped or escaped by the parser: refuse them instead
  if ([...url].some((c) => /\s/.test(c) || c.charCodeAt(0) < 0x20 || c === "\u007f")) {
    return { ok: false, problem: "invalid_url" };
  }
  for (const match of url.matchAll(placeholder)) {
    if (!(callToActionPlaceholders as readonly string[]).includes(match[0])) {
      return { ok: false, problem: "unknown_placeholder" };
    }
  }
  const a = parse(withValues(url, "1", "EUR"));
  const b = parse(withValues(url, "2", "USD"));
  if (!a || !b) {
    const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase();
    return { ok: false, problem: scheme && scheme !== "https" ? "https_only" : "invalid_url" };
  }
  if (a.protocol !== "https:") return { ok: false, problem: "https_only" };
  if (a.username || a.password) return { ok: false, problem: "credentials" };
  const authority = /^https:\/\/([^/?#]*)/i.exec(url)?.[1] ?? "";
  if (a.host !== b.host || authority.includes("{")) {
    return { ok: false, problem: "placeholder_in_host" };
  }
  if (!a.hostname.includes(".") && a.hostname !== "localhost") {
    return { ok: false, problem: "invalid_url" };
  }
  return { ok: true, url, host: a.hostname };
}

/** The host a template leads to (shown in the manager), or null when it is refused. */
export function callToActionHost(template: string): string | null {
  const check = checkCallToActionUrl(template);
  return check.ok ? check.host : null;
}

/**
 * The link for this amount: the amount rounded half-up to the currency's minor unit, both values
 * URL-encoded. Null when the template is refused, the currency unknown or the amount not a
 * positive number (no link without zakat due).
 */
export function fillCallToActionUrl(
  template: string,
  amount: string,
  currency: string,
): string | null {
  const check = checkCallToActionUrl(template);
  if (!check.ok || !isCurrencyCode(currency)) return null;
  let value: Decimal;
  try {
    value = new Decimal(amount.trim());
  } catch {
    return null;
  }
  if (!value.isFinite() || value.lte(0)) return null;
  const rounded = toMinorUnitString(value, currency);
  return withValues(check.url, encodeURIComponent(rounded), encodeURIComponent(currency));
}

/** The organisation's name: trimmed, 1 to 100 characters, on one line. */
export function normaliseOrganisation(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const name = value.trim();
  if (name === "" || name.length > maxOrganisationLength || /[\r\n]/.test(name)) return null;
  return name;
}

/** A button text: the label with {organisation} replaced by the organisation's name. */
export function callToActionLabel(label: string, organisation: string): string {
  return label.replaceAll("{organisation}", organisation);
}
