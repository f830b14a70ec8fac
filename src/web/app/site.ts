import { siteOriginPlaceholder } from "../../contracts/web-routes";

// Public facts about the site that pages and meta tags share. Build-time overrides come from
// VITE_* variables (prerendered pages bake them in).
const env = import.meta.env as Record<string, string | undefined>;

/** The `<meta>` (root.tsx) that tells the browser the public origin the server put in the page. */
export const SITE_URL_META = "hawl-site-url";

/**
 * Public origin used for canonical links, hreflang alternates and social images. The build does
 * not know it (BASE_URL is the server's): prerendering writes a placeholder that the server
 * replaces with BASE_URL in every page it sends (decision 014); in the browser it is read back
 * from the page's SITE_URL_META, so hydration and later navigations use the same origin.
 * VITE_SITE_URL, when set at build time, wins.
 */
export const SITE_URL = (env.VITE_SITE_URL || siteUrlAtRunTime()).replace(/\/+$/, "");

function siteUrlAtRunTime(): string {
  if (typeof document === "undefined") return siteOriginPlaceholder;
  const served = document
    .querySelector<HTMLMetaElement>(`meta[name="${SITE_URL_META}"]`)
    ?.getAttribute("content");
  if (served && served !== siteOriginPlaceholder) return served;
  return window.location.origin;
}

export const SUPPORT_EMAIL = env.VITE_SUPPORT_EMAIL || "support@hawl.app";

/**
 * The privacy page's data controller: whoever runs this installation, with a postal address.
 * Unset, the page names "the operator of this site" and its support address instead.
 */
export const OPERATOR_NAME = env.VITE_OPERATOR_NAME?.trim() || null;
export const OPERATOR_ADDRESS = env.VITE_OPERATOR_ADDRESS?.trim() || null;

/**
 * How long the host keeps the server's log and the backups, as the privacy page states it, set at
 * build time (docs/deploy.md); the backups' default is the server's BACKUP_KEEP_DAYS default.
 */
export const LOG_RETENTION_DAYS = positiveWhole(env.VITE_LOG_RETENTION_DAYS, 30);
export const BACKUP_RETENTION_DAYS = positiveWhole(env.VITE_BACKUP_RETENTION_DAYS, 7);

function positiveWhole(text: string | undefined, fallback: number): number {
  const n = Number(text);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** External blog linked from the signed-out header. */
export const BLOG_URL = env.VITE_BLOG_URL || "https://blog.hawl.app";

/** The two donation organisations of the donate page. */
export const DONATION_ORGANISATIONS = [
  { id: "islamicRelief", url: "https://www.islamic-relief.org/" },
  { id: "nzf", url: "https://nzf.org.uk/" },
] as const;

export function mailto(subject?: string): string {
  return subject
    ? `mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent(subject)}`
    : `mailto:${SUPPORT_EMAIL}`;
}
