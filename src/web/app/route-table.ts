import {
  localizedPath,
  pages,
  webDefaultLanguage,
  webLanguages,
  type Page,
} from "../../contracts/web-routes";

// What the web derives from the page list (src/contracts/web-routes.ts, decision 066) besides
// the router (routes.ts): the languages, localized paths, the route modules and the prerender
// list. The guard (features/auth/lib/paths.ts), the page's meta (app/meta.ts) and its catalogs
// (entry.client.tsx) look a page up with pageAt().
export const languages = webLanguages;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = webDefaultLanguage;
export { localizedPath };

/** A page's route module, relative to src/web: routes/<path>.tsx, the landing page's landing.tsx. */
export function routeModuleOf(page: Pick<Page, "path">): string {
  return `routes/${page.path || "landing"}.tsx`;
}

/** Every prerendered page in every language, each its own static HTML (react-router.config.ts). */
export const prerenderPaths: string[] = languages.flatMap((lang) =>
  pages.filter((page) => page.prerender).map((page) => localizedPath(lang, page.path)),
);
