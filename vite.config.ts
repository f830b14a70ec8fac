import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin, type Rollup } from "vite";

const apiPort = Number(process.env.API_PORT ?? 3001);
const webDir = new URL("./src/web/", import.meta.url).pathname;
const srcDir = new URL("./src/", import.meta.url).pathname;

/**
 * What every app page loads (decision 029): the client entry, the root route and the app's
 * layout, and what they import statically, bundled as two chunks instead of ~35 small files:
 * `framework` (React, React Router, i18next, TanStack Query) and `app-shell` (Hawl's code).
 * Each file sent costs its response headers and a request; a page never loads part of this set
 * without the rest, so grouping it loads nothing more. The route modules stay their own chunks
 * (React Router loads them by name), and so does anything imported on demand (catalogs, dialogs,
 * menus, toasts). Rollup puts a manual chunk's dependencies in it too, so the shell must not
 * import an index of every part: Radix is imported by part (`radix-ui/dialog`, a lint rule), and
 * the icons have their own chunk.
 */
const TINY = Number(process.env.TINY ?? 1000);

/**
 * The calculator's own modules (features/calculator) its page imports statically, whose imports
 * all stay within the shell, the named library chunks or this set: Rollup pulls a manual chunk's
 * other imports into it, and a shared one (the domain's) would then bring the whole chunk to the
 * pages that share it (the dashboard). Ten requests fewer on the calculator's first load.
 */
let calculatorCoreSet: Set<string> | undefined;
let calculatorSharedSet: Set<string> | undefined;
function calculatorCore(getModuleInfo: Rollup.GetModuleInfo, shell: Set<string>): Set<string> {
  if (calculatorCoreSet) return calculatorCoreSet;
  const calculator = reachable(webDir + "routes/calculator.tsx", getModuleInfo, shell);
  const dashboard = reachable(webDir + "routes/dashboard.tsx", getModuleInfo, shell);
  // what both pages import: a chunk of its own, which the group below may then import
  calculatorSharedSet = new Set([...calculator].filter((id) => dashboard.has(id)));
  const set = new Set([...calculator].filter((id) => !dashboard.has(id)));
  const stays = (dep: string) =>
    shell.has(dep) ||
    set.has(dep) ||
    calculatorSharedSet!.has(dep) ||
    /\/node_modules\/(zod|lucide-react|decimal\.js)\//.test(dep);
  for (let changed = true; changed;) {
    changed = false;
    for (const id of set)
      if (!(getModuleInfo(id)?.importedIds ?? []).every(stays)) {
        set.delete(id);
        changed = true;
      }
  }
  calculatorCoreSet = set;
  return set;
}

/** Hawl's modules a page's route module imports statically, outside the shell (memoized). */
const reachableFrom = new Map<string, Set<string>>();
function reachable(route: string, getModuleInfo: Rollup.GetModuleInfo, shell: Set<string>) {
  let found = reachableFrom.get(route);
  if (found) return found;
  found = new Set();
  const queue = [...(getModuleInfo(route)?.importedIds ?? [])];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (found.has(next) || shell.has(next) || !next.startsWith(srcDir) || next.includes("?"))
      continue;
    found.add(next);
    queue.push(...(getModuleInfo(next)?.importedIds ?? []));
  }
  reachableFrom.set(route, found);
  return found;
}
function appShellChunks(): Rollup.GetManualChunk {
  let shell: Set<string> | undefined;
  const roots = ["entry.client.tsx", "root.tsx", "app/layout.tsx"].map((f) => webDir + f);
  const tiny = new Map<string, boolean>();
  let getInfo: Rollup.GetModuleInfo;
  function isTinyShared(id: string, visiting = new Set<string>()): boolean {
    const known = tiny.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const info = getInfo(id);
    const result =
      info !== null &&
      id.startsWith(srcDir) &&
      !id.includes("?") &&
      !id.includes("/locales/") &&
      info.importers.length + info.dynamicImporters.length >= 2 &&
      (info.code?.length ?? Infinity) < TINY &&
      info.importedIds.every((dep) => shell!.has(dep) || isTinyShared(dep, visiting));
    tiny.set(id, result);
    return result;
  }
  return (id, { getModuleInfo }) => {
    getInfo = getModuleInfo;
    if (!shell) {
      shell = new Set();
      const queue = roots.flatMap((root) => getModuleInfo(root)?.importedIds ?? []);
      for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
        if (shell.has(next) || roots.includes(next)) continue;
        shell.add(next);
        queue.push(...(getModuleInfo(next)?.importedIds ?? []));
      }
    }
    // zod is on no page's first load (decision 035): one chunk wherever it is used, instead of
    // Rollup's pieces (`schemas`, `iso`, …), each a request with its headers
    if (/\/node_modules\/zod\//.test(id)) return "zod";
    // every icon the app draws (≈ 60, 7 KB brotli together): one file instead of one per icon
    // (≈ 0.6 KB each as sent, mostly headers); tree-shaking keeps only the icons used
    if (/\/node_modules\/lucide-react\//.test(id)) return "icons";
    if (/\/node_modules\/decimal\.js\//.test(id)) return "decimal";
    if (!shell.has(id)) {
      if (isTinyShared(id)) return "app-shell";
      // the calculator page's own modules, one chunk beside its route module's (decision 041)
      if (calculatorCore(getModuleInfo, shell).has(id)) return "calculator-core";
      if (calculatorSharedSet?.has(id)) return "calculator-shared";
      return undefined;
    }
    // node_modules and Rollup's helpers (`\0commonjsHelpers.js`), which the app's code imports
    // and never the other way round: no import cycle between the two chunks
    if (!id.startsWith(srcDir)) return "framework";
    // a route module's client part (`root.tsx?__react-router-build-client-route`) is React
    // Router's to place
    return id.includes("?") ? undefined : "app-shell";
  };
}

/**
 * The app renders with Preact's React compatibility layer (decision 041), in the browser and in
 * the prerender alike, so the HTML and the page that hydrates it agree (ids, the head's order).
 * A plugin rather than `resolve.alias`, which would also apply to the embed's config imports.
 */
function preactForReact(): Plugin {
  const to: Record<string, string> = {
    react: "preact/compat",
    "react-dom": "preact/compat",
    "react-dom/client": "preact/compat/client",
    "react-dom/server": "preact/compat/server",
    "react/jsx-runtime": "preact/compat/jsx-runtime",
    "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
  };
  return {
    name: "hawl:preact-for-react",
    enforce: "pre",
    resolveId(source, importer, options) {
      const target = to[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

export default defineConfig({
  plugins: [preactForReact(), tailwindcss(), reactRouter()],
  build: {
    rollupOptions: {
      output: {
        manualChunks: appShellChunks(),
        // chunks the service worker picks by name (scripts/build-service-worker.ts): a catalog
        // says its language and namespace (locale-fr-calculator-<hash>.js)
        chunkFileNames: (chunk) => {
          const catalog = /\/locales\/(\w+)\/([\w-]+)\.json$/.exec(chunk.facadeModuleId ?? "");
          if (catalog) return `assets/locale-${catalog[1]}-${catalog[2]}-[hash].js`;
          // sonner comes with the first toast (components/ui/toast.ts), offline too
          if (/\/node_modules\/sonner\//.test(chunk.facadeModuleId ?? ""))
            return "assets/sonner-[hash].js";
          return "assets/[name]-[hash].js";
        },
      },
    },
  },
  resolve: { alias: { "~": new URL("./src/web", import.meta.url).pathname } },
  // the prerender bundles the libraries that import React (React Router, react-i18next,
  // TanStack Query), so that they get Preact too
  ssr: { noExternal: true },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/healthz": `http://127.0.0.1:${apiPort}`,
      "/readyz": `http://127.0.0.1:${apiPort}`,
      "/dev/outbox": `http://127.0.0.1:${apiPort}`,
      // the embed page is the API's, from the embed build (`npm run build:embed` to refresh it)
      "^/(fr/|nl/)?embed/": `http://127.0.0.1:${apiPort}`,
    },
  },
});
