import type { MetaDescriptor } from "react-router";
import { pageAt, type Page } from "../../contracts/web-routes";
import { i18nFor, languageFromPath, metaLocales } from "./i18n";
import { languages, localizedPath, type Language } from "./route-table";
import { SITE_URL } from "./site";

export interface PageMetaOptions {
  /** Translated title without the " · Hawl" suffix; default `pages.<name>.title`. */
  title?: string;
  description?: string;
  keywords?: string;
  robots?: string;
}

export const SOCIAL_IMAGE = { width: 1200, height: 630 } as const;

/** Whether search engines may index the page (robots "index", listed in sitemap.xml). */
export function isIndexed(page: Page | undefined): page is Page {
  return page?.indexed === true;
}

/**
 * The page's social image, made at build time from its title (scripts/build-social-images.ts):
 * one per indexed page and language; other pages share the landing page's.
 */
export function socialImagePath(lang: Language, page: Page | undefined): string {
  return `/og/${lang}/${isIndexed(page) ? page.name : "landing"}.png`;
}

/**
 * Title, description, keywords, canonical, hreflang alternates, Open Graph and Twitter tags for
 * a path (spec §2). root.tsx applies it to every route; a page that wants other texts exports
 * `meta = ({ location }) => pageMeta(location.pathname, { title: ... })`.
 * Safe during prerendering: it reads only its arguments, never window.
 */
export function pageMeta(pathname: string, options: PageMetaOptions = {}): MetaDescriptor[] {
  const lang = languageFromPath(pathname);
  const i18n = i18nFor(lang);
  const t = (key: string) => (i18n.exists(key, { ns: "common" }) ? i18n.t(key as never) : "");
  const route = pageAt(pathname);
  const name = route?.name ?? "notFound";

  const pageTitle = options.title ?? (t(`pages.${name}.title`) || t("meta.siteName"));
  const siteName = t("meta.siteName");
  const title = name === "landing" ? `${siteName} · ${pageTitle}` : `${pageTitle} · ${siteName}`;
  const description =
    options.description ?? (t(`pages.${name}.description`) || t("meta.description"));
  const keywords = options.keywords ?? (t(`pages.${name}.keywords`) || t("meta.keywords"));
  // Only public pages with content are worth indexing (`indexed` in contracts/web-routes.ts);
  // private, account-flow and unknown pages are not.
  const robots = options.robots ?? (isIndexed(route) ? "index, follow" : "noindex, follow");
  const image = SITE_URL + socialImagePath(lang, route);

  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "keywords", content: keywords },
    { name: "robots", content: robots },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:locale", content: metaLocales[lang] },
    ...languages
      .filter((other) => other !== lang)
      .map((other) => ({ property: "og:locale:alternate", content: metaLocales[other] })),
    { property: "og:image", content: image },
    { property: "og:image:width", content: String(SOCIAL_IMAGE.width) },
    { property: "og:image:height", content: String(SOCIAL_IMAGE.height) },
    { property: "og:image:alt", content: t("meta.imageAlt") },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
  ];

  if (route) {
    const canonical = SITE_URL + localizedPath(lang, route.path);
    tags.push(
      { property: "og:url", content: canonical },
      { tagName: "link", rel: "canonical", href: canonical },
      ...languages.map((other) => ({
        tagName: "link",
        rel: "alternate",
        hrefLang: other,
        href: SITE_URL + localizedPath(other, route.path),
      })),
      {
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: SITE_URL + localizedPath("en", route.path),
      },
    );
  }
  return tags;
}
