import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getManifest, type RuntimeCaching } from "workbox-build";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildServiceWorker,
  offlineAssets,
  offlinePages,
  serviceWorkerFile,
  serviceWorkerOptions,
} from "../../scripts/build-service-worker.ts";
import { createWebFixture } from "../helpers/web-fixture.ts";

// What the generated service workers precache and which requests they answer (decision 007,
// issue 12): one per language, with that language's calculator and what it loads, never /api.

const origin = "https://hawl.example";

describe("the service worker build", () => {
  const web = createWebFixture();
  beforeAll(() => {
    // the fixture has en and fr; the real build has every language
    mkdirSync(path.join(web.dir, "nl/calculator"), { recursive: true });
    writeFileSync(path.join(web.dir, "nl/calculator/index.html"), "<html>nl</html>");
    writeFileSync(path.join(web.dir, "manifest.webmanifest"), "{}");
    mkdirSync(path.join(web.dir, "social"), { recursive: true });
    writeFileSync(path.join(web.dir, "social/en.png"), "png");
    // a French calculator that loads a route chunk, which imports a shared one statically and a
    // session's chunk on demand; and the three languages' catalogs, of
    // which the calculator needs two namespaces
    const asset = (name: string, code: string) =>
      writeFileSync(path.join(web.dir, "assets", name), code);
    writeFileSync(
      path.join(web.dir, "fr/calculator/index.html"),
      '<html><link rel="modulepreload" href="/assets/calculator-fr1.js"/>' +
        '<link rel="stylesheet" href="/assets/root-abc123.css"/>' +
        '<script type="module">import("/assets/entry.client-abc123.js");</script></html>',
    );
    asset("calculator-fr1.js", 'import{a}from"./shared-x1.js";import("./session-y1.js");');
    asset("shared-x1.js", 'import"./leaf-z1.js";export const a=1;');
    asset("leaf-z1.js", "console.log(1);");
    asset("session-y1.js", "console.log('session');");
    // the toasts' chunks, loaded on demand but needed offline (the offline notice is a toast)
    asset("toaster-t1.js", 'import{T}from"./sonner-s1.js";');
    asset("sonner-s1.js", "export const T=1;");
    // the calculator's dialogs, on demand too (settings is where prices are typed offline)
    asset("calculator-dialogs-d1.js", 'import{D}from"./dialog-radix-r1.js";');
    asset("dialog-radix-r1.js", "export const D=1;");
    asset("mobile-menu-m1.js", "export{}");
    for (const lang of ["en", "fr", "nl"])
      for (const ns of ["common", "calculator", "dashboard", "calendar-feeds"])
        asset(`locale-${lang}-${ns}-H4sh_${lang}.js`, "export{}");
  });
  afterAll(() => web.remove());

  it("covers the calculator in every language, one worker each", () => {
    expect(offlinePages).toEqual([
      { lang: "en", urlPath: "/calculator", file: "calculator/index.html" },
      { lang: "fr", urlPath: "/fr/calculator", file: "fr/calculator/index.html" },
      { lang: "nl", urlPath: "/nl/calculator", file: "nl/calculator/index.html" },
      { lang: "ar", urlPath: "/ar/calculator", file: "ar/calculator/index.html" },
      { lang: "tr", urlPath: "/tr/calculator", file: "tr/calculator/index.html" },
    ]);
    expect(["en", "fr", "nl", "ar", "tr"].map((lang) => serviceWorkerFile(lang as "en"))).toEqual([
      "sw.js",
      "sw-fr.js",
      "sw-nl.js",
      "sw-ar.js",
      "sw-tr.js",
    ]);
  });

  it("takes what the calculator page loads, its static imports and its catalog namespaces, not import()", () => {
    expect(offlineAssets(web.dir, "fr")).toEqual([
      "assets/calculator-dialogs-d1.js",
      "assets/calculator-fr1.js",
      "assets/dialog-radix-r1.js",
      "assets/entry.client-abc123.js",
      "assets/leaf-z1.js",
      "assets/locale-fr-calculator-H4sh_fr.js",
      "assets/locale-fr-common-H4sh_fr.js",
      "assets/root-abc123.css",
      "assets/shared-x1.js",
      "assets/sonner-s1.js",
      "assets/toaster-t1.js",
    ]);
  });

  it("precaches one language's calculator and assets, the shell and the manifest, nothing else", async () => {
    const { globDirectory, globPatterns, dontCacheBustURLsMatching, swDest } = serviceWorkerOptions(
      web.dir,
      "en",
    );
    expect(swDest).toBe(path.join(web.dir, "sw.js"));
    expect(globDirectory).toBe(web.dir);
    const { manifestEntries } = await getManifest({
      globDirectory: web.dir,
      globPatterns,
      dontCacheBustURLsMatching,
    });
    const urls = (manifestEntries ?? []).map((entry) =>
      typeof entry === "string" ? entry : entry.url,
    );
    expect(urls.sort()).toEqual(
      [
        "__spa-fallback.html",
        "assets/locale-en-calculator-H4sh_en.js",
        "assets/locale-en-common-H4sh_en.js",
        "assets/calculator-dialogs-d1.js",
        "assets/dialog-radix-r1.js",
        "assets/entry.client-abc123.js",
        "assets/sonner-s1.js",
        "assets/toaster-t1.js",
        "calculator/index.html",
        "manifest.webmanifest",
      ].sort(),
    );
    // hashed assets need no revision; the pages do
    const entry = (url: string) =>
      manifestEntries?.find((e) => typeof e !== "string" && e.url === url);
    expect(entry("assets/entry.client-abc123.js")).toMatchObject({ revision: null });
    expect(entry("calculator/index.html")).toMatchObject({ revision: expect.any(String) });
  });

  it("answers page navigations only: the calculator falls back to its own page, /api never", () => {
    // each worker answers its own calculator page, then any other page; here the three together
    const [en, fr, nl] = (["en", "fr", "nl"] as const).map(
      (lang) => serviceWorkerOptions(web.dir, lang).runtimeCaching ?? [],
    );
    expect([en!.length, fr!.length, nl!.length]).toEqual([2, 2, 2]);
    const routes = [en![0]!, fr![0]!, nl![0]!, en![1]!];
    const globals = globalThis as { self?: unknown };
    const savedSelf = globals.self;
    globals.self = { location: { origin } };
    try {
      const routeFor = (urlPath: string, mode: RequestMode = "navigate") => {
        const url = new URL(urlPath, origin);
        const request = { mode } as Request;
        return routes.find((route: RuntimeCaching) => {
          const pattern = route.urlPattern;
          if (pattern instanceof RegExp) return pattern.test(url.href);
          if (typeof pattern === "function") {
            return Boolean(
              pattern({ request, url, sameOrigin: true } as Parameters<typeof pattern>[0]),
            );
          }
          return false;
        });
      };
      const fallbackOf = (urlPath: string, mode?: RequestMode) => {
        const route = routeFor(urlPath, mode);
        if (!route) return null;
        expect(route.handler, urlPath).toBe("NetworkOnly");
        return route.options?.precacheFallback?.fallbackURL ?? "(none)";
      };

      expect(fallbackOf("/calculator")).toBe("/calculator/index.html");
      expect(fallbackOf("/calculator/")).toBe("/calculator/index.html");
      expect(fallbackOf("/calculator?load=abc")).toBe("/calculator/index.html");
      expect(fallbackOf("/fr/calculator")).toBe("/fr/calculator/index.html");
      expect(fallbackOf("/nl/calculator/")).toBe("/nl/calculator/index.html");
      // other pages: the SPA shell
      expect(fallbackOf("/calculator-history")).toBe("/__spa-fallback.html");
      expect(fallbackOf("/fr/dashboard")).toBe("/__spa-fallback.html");
      // never: the API (e-mail links included), dev pages, health checks, files, other sites
      for (const urlPath of [
        "/api/prices?currency=EUR",
        "/api/auth/verify-email?token=x",
        "/api",
        "/dev/outbox",
        "/healthz",
        "/readyz",
        "/sw.js",
        "/social/en.png",
        "https://elsewhere.example/page",
      ]) {
        expect(routeFor(urlPath), urlPath).toBeUndefined();
      }
      // requests that are not navigations to other pages are the browser's business
      expect(routeFor("/dashboard", "cors")).toBeUndefined();
    } finally {
      globals.self = savedSelf;
    }
  });

  it("refuses a build without the calculator pages", async () => {
    const bare = createWebFixture(); // en and fr only
    try {
      await expect(buildServiceWorker(bare.dir)).rejects.toThrow(/nl\/calculator\/index\.html/);
      expect(() => readFileSync(path.join(bare.dir, "sw.js"))).toThrow();
    } finally {
      rmSync(bare.dir, { recursive: true, force: true });
    }
  });
});
