// The service workers (decision 007): generated with workbox-build over the finished web build
// (build/client), after React Router has prerendered the pages. `react-router build` runs it
// from react-router.config.ts (buildEnd), so `npm run build`, `npm start` and the browser tests
// all get it; `npx tsx scripts/build-service-worker.ts [dir]` runs it alone.
//
// - One worker per language (/sw.js for English, /sw-fr.js, /sw-nl.js, …; the page registers its
//   own language's at its language's scope, /fr/ and so on: issue 12, decision 072). Each precaches what its offline calculator needs and nothing more:
//   that language's prerendered calculator, the assets that page loads (and their static
//   imports), that language's catalog, the SPA shell, the web app manifest and its icons.
// - Navigations always go to the network first and nothing they answer is stored; only when the
//   network fails does the calculator page get its precached HTML (any other page: the SPA shell).
// - /api/*, /dev/*, /healthz, /readyz and files are never handled by the worker: the browser
//   fetches them as if there were no worker, so no private answer is ever cached.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { generateSW, type GenerateSWOptions, type RuntimeCaching } from "workbox-build";
import {
  defaultLanguage,
  languages,
  localizedPath,
  type Language,
} from "../src/web/app/route-table.ts";

/** The worker of each language (the page registers its own: src/web/app/service-worker.ts). */
export const serviceWorkerFile = (lang: Language) =>
  lang === defaultLanguage ? "sw.js" : `sw-${lang}.js`;
const shellFile = "__spa-fallback.html";

/** The pages that work offline: the calculator in every language, with their prerendered file. */
export const offlinePages = languages.map((lang) => {
  const urlPath = localizedPath(lang, "calculator");
  return { lang, urlPath, file: `${urlPath.slice(1)}/index.html` };
});
const offlinePageOf = (lang: Language) => offlinePages.find((page) => page.lang === lang)!;

/**
 * The catalog namespaces the offline calculator says its texts from: its page's (`common`,
 * `calculator`: contracts/web-routes.ts) and those of what it may open offline (API error texts,
 * the spinner's label). Another namespace would wait for the network.
 */
export const offlineNamespaces = ["common", "calculator", "errors", "auth"];

/**
 * Chunks the offline calculator loads on demand: the toasts (its offline notice is one;
 * components/ui/toast.ts loads sonner and the layout's Toaster with the first) and its own
 * dialogs (settings, where prices are typed offline, sessions, documents, save:
 * features/calculator/components/calculator-dialogs.ts) and the results' computation with its
 * check of the request (`compute`, features/calculator/model/compute-on-demand.ts). The menus and dialogs of the header
 * lead to pages that need the network anyway.
 */
const offlineOnDemand = /^(?:toaster|sonner|calculator-dialogs|compute)-[\w-]+\.js$/;

/**
 * The assets a language's offline calculator needs, relative to the web build: what its page
 * loads (scripts, module preloads, styles), what those import statically, and the language's
 * catalog chunks of offlineNamespaces (locale-<lang>-<namespace>-<hash>.js, app/i18n.ts). Chunks loaded on demand by other
 * pages (a dashboard, a session's code) are left to the network.
 */
export function offlineAssets(webDir: string, lang: Language): string[] {
  const found = new Set<string>();
  const queue: string[] = [];
  const add = (asset: string) => {
    if (found.has(asset) || !existsSync(path.join(webDir, asset))) return;
    found.add(asset);
    if (asset.endsWith(".js")) queue.push(asset);
  };
  const html = readFileSync(path.join(webDir, offlinePageOf(lang).file), "utf8");
  for (const [, asset] of html.matchAll(/"\/(assets\/[^"?#]+\.(?:js|css))"/g)) add(asset!);
  const assetsDir = path.join(webDir, "assets");
  const catalog = new RegExp(`^locale-${lang}-(?:${offlineNamespaces.join("|")})-[\\w-]+\\.js$`);
  if (existsSync(assetsDir))
    for (const file of readdirSync(assetsDir))
      if (catalog.test(file) || offlineOnDemand.test(file)) add(`assets/${file}`);
  // static imports as the minifier writes them (`from"./x.js"`, `import"./x.js"`), not import()
  for (let asset = queue.shift(); asset; asset = queue.shift()) {
    const code = readFileSync(path.join(webDir, asset), "utf8");
    for (const [, name] of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.(?:js|css))["']/g))
      add(`assets/${name}`);
  }
  return [...found].sort();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Navigations that the worker answers when offline (matched against the whole URL). */
function offlinePageRoute(page: { urlPath: string; file: string }): RuntimeCaching {
  return {
    urlPattern: new RegExp(`^https?://[^/]+${escapeRegExp(page.urlPath)}/?(?:[?#].*)?$`),
    handler: "NetworkOnly",
    options: { precacheFallback: { fallbackURL: `/${page.file}` } },
  };
}

/** Any other same-origin page navigation: network, or the SPA shell when offline. */
const otherPagesRoute: RuntimeCaching = {
  // serialized into sw.js as source: it may use nothing but its arguments and `self`
  urlPattern: ({ request, url }) =>
    request.mode === "navigate" &&
    url.origin === self.location.origin &&
    !/^\/(?:api|dev)(?:\/|$)/.test(url.pathname) &&
    !/^\/(?:healthz|readyz)$/.test(url.pathname) &&
    !/\.[a-z0-9]+$/i.test(url.pathname),
  handler: "NetworkOnly",
  options: { precacheFallback: { fallbackURL: `/${shellFile}` } },
};

export function serviceWorkerOptions(webDir: string, lang: Language): GenerateSWOptions {
  const page = offlinePageOf(lang);
  return {
    globDirectory: webDir,
    globPatterns: [
      ...offlineAssets(webDir, lang),
      page.file,
      shellFile,
      "manifest.webmanifest",
      "icons/*.{png,svg}",
    ],
    swDest: path.join(webDir, serviceWorkerFile(lang)),
    mode: "production",
    sourcemap: false,
    // one file (no separate workbox-*.js to serve and allow)
    inlineWorkboxRuntime: true,
    // hashed file names: no revision query needed
    dontCacheBustURLsMatching: /^assets\//,
    // "/calculator/" must not be answered from the precache without asking the network
    directoryIndex: null,
    cleanupOutdatedCaches: true,
    // a new worker takes over at once, and a first visit is controlled without a reload
    skipWaiting: true,
    clientsClaim: true,
    runtimeCaching: [offlinePageRoute(page), otherPagesRoute],
  };
}

/** Writes `<webDir>/sw.js`; fails when the pages it must precache are not in the build. */
export async function buildServiceWorker(webDir: string) {
  const missing = [...offlinePages.map((page) => page.file), shellFile].filter(
    (file) => !existsSync(path.join(webDir, file)),
  );
  if (missing.length > 0) {
    throw new Error(`service worker: ${missing.join(", ")} missing from ${webDir}`);
  }
  const results = [];
  for (const lang of languages) {
    const result = await generateSW(serviceWorkerOptions(webDir, lang));
    for (const warning of result.warnings) console.warn(`service worker: ${warning}`);
    console.log(
      `service worker: ${path.join(path.relative(process.cwd(), webDir), serviceWorkerFile(lang))} ` +
        `precaches ${result.count} files (${Math.round(result.size / 1024)} KiB)`,
    );
    results.push(result);
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServiceWorker(path.resolve(process.argv[2] ?? "build/client"));
}
