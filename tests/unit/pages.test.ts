import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import {
  indexedPagePaths,
  isKnownPage,
  isLanguagePrefix,
  isTokenPage,
  pageAt,
  pages,
  tokenPagePaths,
} from "../../src/contracts/web-routes.ts";
import { defaultLanguage, languages } from "../../src/domain/language.ts";
import { localizedPath, prerenderPaths, routeModuleOf } from "../../src/web/app/route-table.ts";
import routes from "../../src/web/routes.ts";

// Decision 066: one declaration per page (contracts/web-routes.ts); the router, the prerender
// list, the sitemap, the guard's rules and the catalogs are derived from it, in every language
// of domain/language.ts.

const web = path.resolve(import.meta.dirname, "../../src/web");
const locales = path.resolve(import.meta.dirname, "../../locales");

interface ConfigEntry {
  id?: string;
  path?: string;
  index?: boolean;
  file: string;
  children?: ConfigEntry[];
}
const config = routes as ConfigEntry[];
const toRouteObject = (entry: ConfigEntry): RouteObject =>
  entry.index
    ? { id: entry.id, index: true }
    : { id: entry.id, path: entry.path, children: entry.children?.map(toRouteObject) };
const router = config.map(toRouteObject);

/** What the browser shows at a path: the leaf route's id, or the layout's not-found page. */
function shown(pathname: string): { id: string; lang: string | undefined } {
  const matches = matchRoutes(router, pathname);
  if (!matches) return { id: "none", lang: undefined };
  const lang = matches[0]!.params.lang;
  // app/layout.tsx: a first segment that is no language prefix is a page that does not exist
  const known = lang === undefined || isLanguagePrefix(lang);
  return { id: known ? matches.at(-1)!.route.id! : "not-found", lang };
}

describe("the page list", () => {
  it("names each page and path once, and no path begins with a language code", () => {
    expect(new Set(pages.map((p) => p.name)).size).toBe(pages.length);
    expect(new Set(pages.map((p) => p.path)).size).toBe(pages.length);
    for (const page of pages)
      expect(languages as readonly string[], page.path).not.toContain(page.path.split("/")[0]);
  });

  it("has a route module per page, and every route module is a page's", () => {
    for (const page of pages)
      expect(existsSync(path.join(web, routeModuleOf(page))), page.name).toBe(true);
    const modules = readdirSync(path.join(web, "routes"))
      .filter((file) => file.endsWith(".tsx") && !file.endsWith(".test.tsx"))
      .map((file) => `routes/${file}`);
    const notPages = ["routes/not-found.tsx", "routes/coming-soon.tsx"];
    expect(modules.filter((m) => !notPages.includes(m)).sort()).toEqual(
      pages.map(routeModuleOf).sort(),
    );
  });

  it.each(languages)("has each page's title and catalogs in %s", (lang) => {
    const common = JSON.parse(readFileSync(path.join(locales, lang, "common.json"), "utf8")) as {
      pages: Record<string, { title?: string }>;
    };
    for (const page of pages) {
      expect(common.pages[page.name]?.title, `${lang} pages.${page.name}.title`).toBeTruthy();
      for (const ns of page.namespaces)
        expect(existsSync(path.join(locales, lang, `${ns}.json`)), `${lang}/${ns}.json`).toBe(true);
    }
  });

  it("indexes only public prerendered pages, and prerenders no page with a token", () => {
    for (const page of pages.filter((p) => indexedPagePaths.includes(p.path))) {
      expect(page.prerender, page.name).toBe(true);
      expect(page.access, page.name).not.toBe("protected");
    }
    expect([...tokenPagePaths].sort()).toEqual([
      "accept-invitation",
      "reset-password",
      "verify-email",
    ]);
    for (const page of pages.filter((p) => tokenPagePaths.includes(p.path)))
      expect(page.prerender, page.name).toBe(false);
  });
});

describe("the router (routes.ts)", () => {
  it("is one layout under an optional language segment, one route per page and a not-found", () => {
    expect(config).toHaveLength(1);
    const [layout] = config;
    expect(layout!.path).toBe(":lang?");
    expect(layout!.children!.map((r) => r.id)).toEqual([...pages.map((p) => p.name), "not-found"]);
    expect(layout!.children!.map((r) => r.file)).toEqual([
      ...pages.map(routeModuleOf),
      "routes/not-found.tsx",
    ]);
  });

  it.each(languages)("takes every page's address in %s to that page", (lang) => {
    for (const page of pages) {
      const at = localizedPath(lang, page.path);
      expect(shown(at), at).toEqual({
        id: page.name,
        lang: lang === defaultLanguage ? undefined : lang,
      });
      expect(shown(`${at}/`).id, `${at}/`).toBe(page.name);
    }
  });

  it("shows the not-found page where the server answers 404", () => {
    const unknown = [
      "/nope",
      "/nope/deeper",
      `/${defaultLanguage}`,
      `/${defaultLanguage}/pricing`,
      "/de",
      "/de/calculator",
      "/x/calculator",
      "/dashboard/extra",
      ...languages.map((lang) => localizedPath(lang, "nope")),
      ...languages.map((lang) => `/${lang}/${lang}`),
    ];
    for (const at of unknown) {
      expect(isKnownPage(at), at).toBe(false);
      expect(shown(at).id, at).toBe("not-found");
    }
  });
});

describe("lookups by address", () => {
  it("find the page in every language, ignoring a trailing slash, query and fragment", () => {
    for (const lang of languages) {
      expect(pageAt(`${localizedPath(lang, "calculator-history")}/`)?.name).toBe(
        "calculatorHistory",
      );
      expect(pageAt(localizedPath(lang, ""))?.name).toBe("landing");
      expect(pageAt(`${localizedPath(lang, "pricing")}?plan=pro#faq`)?.name).toBe("pricing");
      expect(isTokenPage(localizedPath(lang, "reset-password"))).toBe(true);
    }
    // served from its own build, outside React Router
    expect(pageAt("/embed/calculator")).toBeUndefined();
    expect(pageAt("/pricing/extra")).toBeUndefined();
    expect(isTokenPage("/signin")).toBe(false);
  });
});

describe("the prerender list", () => {
  it("is every prerendered page in every language, each once", () => {
    const prerendered = pages.filter((p) => p.prerender);
    expect(prerenderPaths).toHaveLength(prerendered.length * languages.length);
    expect(new Set(prerenderPaths).size).toBe(prerenderPaths.length);
    for (const lang of languages)
      for (const page of prerendered)
        expect(prerenderPaths).toContain(localizedPath(lang, page.path));
    expect(prerenderPaths).not.toContain("/reset-password");
  });
});
