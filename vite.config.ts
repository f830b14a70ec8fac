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
function appShellChunks(): Rollup.GetManualChunk {
  let shell: Set<string> | undefined;
  const roots = ["entry.client.tsx", "root.tsx", "app/layout.tsx"].map((f) => webDir + f);
  return (id, { getModuleInfo }) => {
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
    if (!shell.has(id)) return undefined;
    // node_modules and Rollup's helpers (`\0commonjsHelpers.js`), which the app's code imports
    // and never the other way round: no import cycle between the two chunks
    if (!id.startsWith(srcDir)) return "framework";
    // a route module's client part (`root.tsx?__react-router-build-client-route`) is React
    // Router's to place
    return id.includes("?") ? undefined : "app-shell";
  };
}

/**
 * SPIKE (issue 12): the browser's build renders with Preact's React compatibility layer; the
 * prerendering (React Router's SSR environment) stays on React, which writes the HTML.
 * Vite's `resolve.alias` is shared by every environment, hence a plugin for the client only.
 */
function preactInTheBrowser(): Plugin {
  const to: Record<string, string> = {
    react: "preact/compat",
    "react-dom": "preact/compat",
    "react-dom/client": "preact/compat/client",
    "react-dom/server": "preact/compat/server",
    "react/jsx-runtime": "preact/compat/jsx-runtime",
    "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
  };
  return {
    name: "hawl:preact-in-the-browser",
    enforce: "pre",
    resolveId(source, importer, options) {
      const target = to[source];
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}

export default defineConfig({
  plugins: [preactInTheBrowser(), tailwindcss(), reactRouter()],
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
  // SPIKE: the prerender bundles the libraries that import React, so they get Preact too
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
