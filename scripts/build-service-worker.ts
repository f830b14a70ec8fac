// The service worker (decision 007): generated with workbox-build over the finished web build
// (build/client), after React Router has prerendered the pages. `react-router build` runs it
// from react-router.config.ts (buildEnd), so `npm run build`, `npm start` and the browser tests
// all get it; `npx tsx scripts/build-service-worker.ts [dir]` runs it alone.
//
// - Precached: every JS/CSS asset, the prerendered calculator in each language, the SPA shell,
//   the web app manifest and its icons. Nothing else: no other page, nothing from /api.
// - Navigations always go to the network first and nothing they answer is stored; only when the
//   network fails does a calculator page get its precached HTML (any other page: the SPA shell).
// - /api/*, /dev/*, /healthz, /readyz and files are never handled by the worker: the browser
//   fetches them as if there were no worker, so no private answer is ever cached.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { generateSW, type GenerateSWOptions, type RuntimeCaching } from "workbox-build";
import { languages, localizedPath } from "../src/web/app/route-table.ts";

export const serviceWorkerFile = "sw.js";
const shellFile = "__spa-fallback.html";

/** The pages that work offline: the calculator in every language, with their prerendered file. */
export const offlinePages = languages.map((lang) => {
  const urlPath = localizedPath(lang, "calculator");
  return { urlPath, file: `${urlPath.slice(1)}/index.html` };
});

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

export function serviceWorkerOptions(webDir: string): GenerateSWOptions {
  return {
    globDirectory: webDir,
    globPatterns: [
      "assets/**/*.{js,css,woff2}",
      ...offlinePages.map((page) => page.file),
      shellFile,
      "manifest.webmanifest",
      "icons/*.{png,svg}",
    ],
    swDest: path.join(webDir, serviceWorkerFile),
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
    runtimeCaching: [...offlinePages.map(offlinePageRoute), otherPagesRoute],
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
  const result = await generateSW(serviceWorkerOptions(webDir));
  for (const warning of result.warnings) console.warn(`service worker: ${warning}`);
  console.log(
    `service worker: ${path.join(path.relative(process.cwd(), webDir), serviceWorkerFile)} ` +
      `precaches ${result.count} files (${Math.round(result.size / 1024)} KiB)`,
  );
  return result;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await buildServiceWorker(path.resolve(process.argv[2] ?? "build/client"));
}
