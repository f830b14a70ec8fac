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

/** External nisab reference site linked from the header (spec §2 "Header"). */
export const NISAB_SITE_URL = env.VITE_NISAB_SITE_URL || "https://nzf.org.uk/nisab/";

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
