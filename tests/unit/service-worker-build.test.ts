import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { getManifest, type RuntimeCaching } from "workbox-build";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildServiceWorker,
  offlinePages,
  serviceWorkerOptions,
} from "../../scripts/build-service-worker.ts";
import { createWebFixture } from "../helpers/web-fixture.ts";

// What the generated service worker precaches and which requests it answers (decision 007):
// the calculator pages and the assets, never /api.

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
  });
  afterAll(() => web.remove());

  it("covers the calculator in every language", () => {
    expect(offlinePages).toEqual([
      { urlPath: "/calculator", file: "calculator/index.html" },
      { urlPath: "/fr/calculator", file: "fr/calculator/index.html" },
      { urlPath: "/nl/calculator", file: "nl/calculator/index.html" },
    ]);
  });

  it("precaches the assets, the calculator pages, the shell and the manifest, nothing else", async () => {
    const { globDirectory, globPatterns, dontCacheBustURLsMatching } = serviceWorkerOptions(
      web.dir,
    );
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
        "assets/entry.client-abc123.js",
        "assets/root-abc123.css",
        "calculator/index.html",
        "fr/calculator/index.html",
        "manifest.webmanifest",
        "nl/calculator/index.html",
      ].sort(),
    );
    // hashed assets need no revision; the pages do
    const entry = (url: string) =>
      manifestEntries?.find((e) => typeof e !== "string" && e.url === url);
    expect(entry("assets/entry.client-abc123.js")).toMatchObject({ revision: null });
    expect(entry("calculator/index.html")).toMatchObject({ revision: expect.any(String) });
  });

  it("answers page navigations only: the calculator falls back to its own page, /api never", () => {
    const routes = serviceWorkerOptions(web.dir).runtimeCaching ?? [];
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
