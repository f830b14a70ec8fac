// The web's pages, declared once (decision 066): the web derives its router (src/web/routes.ts),
// prerender list, guard, page titles and catalog loading from this list, the server its known
// pages (200 or 404), token pages (Referrer-Policy: no-referrer) and sitemap. Every page exists
// in every language of domain/language.ts: English without prefix, the others under /<lang>.
import { defaultLanguage, isLanguage, languages, type Language } from "../domain/language.ts";
export const webLanguages = languages;
export const webDefaultLanguage = defaultLanguage;

/** `guest-only`: a signed-in visitor is sent on (to the dashboard). */
export type Access = "public" | "protected" | "guest-only";

export interface PageDeclaration {
  /** stable id: the route id, the title key `pages.<name>.title` in common.json, the og image */
  name: string;
  /**
   * without language prefix or leading slash ("" is the landing page); the route module is
   * src/web/routes/<path>.tsx (the landing page's: routes/landing.tsx)
   */
  path: string;
  access: Access;
  /**
   * prerendered to static HTML in every language, never with per-user content: a public page
   * with its content, a protected page as its frame while the session loads (the guard's
   * spinner), so that its HTML lists its own modules (issue 12) instead of the SPA shell's
   */
  prerender: boolean;
  /**
   * search engines may index it (robots "index", in sitemap.xml in every language): a public,
   * prerendered page that shows content
   */
  indexed?: boolean;
  /** its URL carries a secret token (`?token=`) */
  token?: boolean;
  /**
   * catalog namespaces (locales/<lang>/<ns>.json) besides `common`, loaded before it hydrates
   * (entry.client.tsx) so the HTML is hydrated with the texts it was rendered with. One left out
   * still works (useTranslation suspends until app/i18n.ts has it); the list spares that wait.
   */
  namespaces: readonly string[];
}

// The spec's route table (§2), with what is beyond it marked. The embed page (/embed/calculator)
// is not one: the server answers it from the embed's own build (contracts/embed.ts).
export const pages = [
  {
    name: "landing",
    path: "",
    access: "public",
    prerender: true,
    indexed: true,
    namespaces: ["landing"],
  },
  {
    name: "calculator",
    path: "calculator",
    access: "public",
    prerender: true,
    indexed: true,
    namespaces: ["calculator"],
  },
  {
    name: "embedGenerator",
    path: "embed-generator",
    access: "public",
    prerender: true,
    indexed: true,
    namespaces: ["embed", "calculator"],
  },
  {
    name: "acceptInvitation",
    path: "accept-invitation",
    access: "public",
    prerender: false,
    token: true,
    namespaces: ["workspaces", "auth"],
  },
  {
    name: "signin",
    path: "signin",
    access: "guest-only",
    prerender: true,
    indexed: true,
    namespaces: ["auth", "errors"],
  },
  {
    name: "signup",
    path: "signup",
    access: "guest-only",
    prerender: true,
    indexed: true,
    namespaces: ["auth", "errors"],
  },
  {
    name: "verifyEmail",
    path: "verify-email",
    access: "public",
    prerender: false,
    token: true,
    namespaces: ["auth", "errors"],
  },
  {
    name: "forgotPassword",
    path: "forgot-password",
    access: "public",
    prerender: true,
    namespaces: ["auth", "errors"],
  },
  {
    name: "resetPasswordConfirmation",
    path: "reset-password-confirmation",
    access: "public",
    prerender: true,
    namespaces: ["auth"],
  },
  {
    name: "resetPassword",
    path: "reset-password",
    access: "public",
    prerender: false,
    token: true,
    namespaces: ["auth", "errors"],
  },
  {
    name: "donate",
    path: "donate",
    access: "public",
    prerender: true,
    indexed: true,
    namespaces: ["donate"],
  },
  {
    name: "pricing",
    path: "pricing",
    access: "public",
    prerender: true,
    indexed: true,
    namespaces: ["pricing"],
  },
  // Beyond the spec (issue 30): today's nisab in the visitor's currency, instead of a UK site.
  {
    name: "nisabValues",
    path: "nisab-values",
    access: "public",
    prerender: true,
    indexed: true,
    namespaces: ["nisab-values"],
  },
  // Beyond the spec: the footer's legal links need real pages.
  {
    name: "privacy",
    path: "privacy",
    access: "public",
    prerender: true,
    indexed: true,
    namespaces: ["legal"],
  },
  {
    name: "terms",
    path: "terms",
    access: "public",
    prerender: true,
    indexed: true,
    namespaces: ["legal"],
  },
  {
    name: "dashboard",
    path: "dashboard",
    access: "protected",
    prerender: true,
    namespaces: ["dashboard", "tracker", "history", "workspaces", "statement"],
  },
  {
    name: "nisab",
    path: "nisab",
    access: "protected",
    prerender: true,
    namespaces: ["tracker", "statement"],
  },
  {
    name: "calculatorHistory",
    path: "calculator-history",
    access: "protected",
    prerender: true,
    namespaces: ["history", "calculator", "statement"],
  },
  {
    name: "calendar",
    path: "calendar",
    access: "protected",
    prerender: true,
    namespaces: ["calendar", "tracker"],
  },
  {
    name: "embedManager",
    path: "embed-manager",
    access: "protected",
    prerender: true,
    namespaces: ["embed", "workspaces"],
  },
  {
    name: "checkout",
    path: "checkout",
    access: "protected",
    prerender: true,
    namespaces: ["pricing"],
  },
  {
    name: "profile",
    path: "profile",
    access: "protected",
    prerender: true,
    namespaces: ["profile", "auth", "tracker", "calendar-feeds", "errors", "calculator"],
  },
  {
    name: "workspaceSettings",
    path: "workspace-settings",
    access: "protected",
    prerender: true,
    namespaces: ["workspaces"],
  },
] as const satisfies readonly PageDeclaration[];

/** A page of the list, its optional fields (indexed, token) readable on every one. */
export type Page = (typeof pages)[number] & PageDeclaration;
export type WebPagePath = Page["path"];
export type PageName = Page["name"];

const pathsWhere = (keep: (page: Page) => boolean): WebPagePath[] =>
  (pages as readonly Page[]).filter(keep).map((page) => page.path);

/** The pages search engines may index; account, token and signed-in pages are `noindex`. */
export const indexedPagePaths = pathsWhere((page) => page.indexed === true);

/** Pages whose URL carries a secret token (`?token=`). */
export const tokenPagePaths = pathsWhere((page) => page.token === true);

/**
 * The origin the build puts in prerendered pages (canonical, og:url, hreflang, og:image): the
 * public origin, BASE_URL, is known only when the server runs, and the server replaces this
 * text in every page it sends (static-web.ts). `.invalid` can never be a real host.
 */
export const siteOriginPlaceholder = "https://hawl-site-origin.invalid";

/** A path's first segment as a language prefix: a language other than the default one. */
export function isLanguagePrefix(segment: string | undefined): segment is Language {
  return segment !== defaultLanguage && isLanguage(segment);
}

/** A page path in a language: ("fr", "pricing") → "/fr/pricing", ("en", "") → "/". */
export function localizedPath(lang: Language, path: string): string {
  const clean = path.replace(/^\/+/, "");
  const prefix = lang === defaultLanguage ? "" : `/${lang}`;
  if (!clean) return prefix || "/";
  return `${prefix}/${clean}`;
}

/** "/fr/calculator/?x#y" → "calculator"; "/nl" → ""; "/en/x" → "en/x". No decoding. */
export function pagePathOf(pathname: string): string {
  const clean = (pathname.split(/[?#]/)[0] ?? "").replace(/^\/+|\/+$/g, "");
  const [first, ...rest] = clean.split("/");
  return isLanguagePrefix(first) ? rest.join("/") : clean;
}

const byPath = new Map<string, Page>(pages.map((page) => [page.path, page]));

/** The page at a pathname in any language (query and fragment ignored); undefined: 404. */
export function pageAt(pathname: string): Page | undefined {
  return byPath.get(pagePathOf(pathname));
}

export function isKnownPage(pathname: string): boolean {
  return pageAt(pathname) !== undefined;
}

export function isTokenPage(pathname: string): boolean {
  return pageAt(pathname)?.token === true;
}
