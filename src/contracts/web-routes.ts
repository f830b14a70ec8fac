// The web's page paths, as the server needs them: which paths are real pages (status 200 from
// the SPA shell, 404 otherwise) and which carry tokens in their query (Referrer-Policy:
// no-referrer). src/web/app/route-table.ts is the source for the web; a test
// (tests/integration/static-web.test.ts) keeps these lists equal to it.
import { defaultLanguage, languages } from "../domain/language.ts";
export const webLanguages = languages;
export const webDefaultLanguage = defaultLanguage;

/**
 * Paths without language prefix or leading slash ("" is the landing page). The embed page
 * (/embed/calculator) is not one: it is served from its own build (contracts/embed.ts).
 */
export const webPagePaths = [
  "",
  "calculator",
  "embed-generator",
  "accept-invitation",
  "signin",
  "signup",
  "verify-email",
  "forgot-password",
  "reset-password-confirmation",
  "reset-password",
  "donate",
  "pricing",
  "nisab-values",
  "privacy",
  "terms",
  "dashboard",
  "nisab",
  "calculator-history",
  "calendar",
  "embed-manager",
  "checkout",
  "profile",
  "workspace-settings",
] as const;

export type WebPagePath = (typeof webPagePaths)[number];

/**
 * The pages search engines may index (robots "index", listed in sitemap.xml in every language):
 * the public prerendered pages that show content. Account pages, token pages, password-reset
 * steps and everything behind sign-in are `noindex`. Each is prerendered (a test checks it
 * against the route table).
 */
export const indexedPagePaths = [
  "",
  "calculator",
  "embed-generator",
  "pricing",
  "nisab-values",
  "donate",
  "privacy",
  "terms",
  "signin",
  "signup",
] as const satisfies readonly WebPagePath[];

/**
 * The origin the build puts in prerendered pages (canonical, og:url, hreflang, og:image): the
 * public origin, BASE_URL, is known only when the server runs, and the server replaces this
 * text in every page it sends (static-web.ts). `.invalid` can never be a real host.
 */
export const siteOriginPlaceholder = "https://hawl-site-origin.invalid";

/** Pages whose URL carries a secret token (`?token=`). */
export const tokenPagePaths = ["reset-password", "verify-email", "accept-invitation"] as const;

/** "/fr/calculator/" → "calculator"; "/nl" → ""; "/x" → "x". No decoding. */
export function pagePathOf(pathname: string): string {
  const clean = pathname.replace(/^\/+|\/+$/g, "");
  const [first, ...rest] = clean.split("/");
  const prefixed = webLanguages.some((l) => l !== webDefaultLanguage && l === first);
  return prefixed ? rest.join("/") : clean;
}

const pageSet = new Set<string>(webPagePaths);
const tokenPageSet = new Set<string>(tokenPagePaths);

export function isKnownPage(pathname: string): boolean {
  return pageSet.has(pagePathOf(pathname));
}

export function isTokenPage(pathname: string): boolean {
  return tokenPageSet.has(pagePathOf(pathname));
}
