import { Hono } from "hono";
import {
  indexedPagePaths,
  localizedPath,
  webDefaultLanguage,
  webLanguages,
} from "../../contracts/web-routes.ts";
import type { Language } from "../../domain/language.ts";
import type { AppEnv } from "./context.ts";
import { compressAnswers } from "./encoding.ts";

// robots.txt and sitemap.xml (issue 12 "Findable"), made by the server from BASE_URL, since the
// build does not know the public origin. The sitemap lists every indexed page
// (`indexed` in contracts/web-routes.ts) in every language, each with its hreflang alternates and x-default.
// Private pages are not listed and carry `noindex` (web app/meta.ts); robots.txt does not hide
// them, or crawlers could not read that noindex.

/** "https://hawl.example/" → "https://hawl.example". */
function originOf(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, "");
}

/** The URL of a page path ("" = landing) in a language: no prefix for the default one. */
export function pageUrl(baseUrl: string, language: Language, pagePath: string): string {
  return originOf(baseUrl) + localizedPath(language, pagePath);
}

export function robotsTxt(baseUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /dev/",
    "",
    `Sitemap: ${originOf(baseUrl)}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

export function sitemapXml(baseUrl: string): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ];
  for (const pagePath of indexedPagePaths) {
    const alternates = [
      ...webLanguages.map((lang) => ({ hreflang: lang, href: pageUrl(baseUrl, lang, pagePath) })),
      { hreflang: "x-default", href: pageUrl(baseUrl, webDefaultLanguage, pagePath) },
    ];
    for (const lang of webLanguages) {
      lines.push("  <url>", `    <loc>${escapeXml(pageUrl(baseUrl, lang, pagePath))}</loc>`);
      for (const alternate of alternates) {
        lines.push(
          `    <xhtml:link rel="alternate" hreflang="${alternate.hreflang}" href="${escapeXml(alternate.href)}"/>`,
        );
      }
      lines.push("  </url>");
    }
  }
  lines.push("</urlset>", "");
  return lines.join("\n");
}

export function seoRoutes(deps: { baseUrl: string }) {
  const robots = robotsTxt(deps.baseUrl);
  const sitemap = sitemapXml(deps.baseUrl);
  const cacheControl = "public, max-age=3600";
  const app = new Hono<AppEnv>();
  app.use("/sitemap.xml", compressAnswers());
  app.on(["GET", "HEAD"], "/robots.txt", (c) =>
    c.body(robots, 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": cacheControl,
    }),
  );
  app.on(["GET", "HEAD"], "/sitemap.xml", (c) =>
    c.body(sitemap, 200, {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": cacheControl,
    }),
  );
  return app;
}
