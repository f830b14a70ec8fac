import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Rollup } from "vite";

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
  let getModuleInfo: Rollup.GetModuleInfo;
  const roots = ["entry.client.tsx", "root.tsx", "shell/layout.tsx"].map((f) => webDir + f);

  /**
   * A module's static imports, with a feature's index.ts (decision 065) replaced by the modules
   * that export what the importer takes from it. An index names every part other features use:
   * counted whole, it would put parts one page never runs into that page's chunks.
   */
  const viaIndex = new Map<string, string[]>();
  function importsOf(id: string): string[] {
    let found = viaIndex.get(id);
    if (found) return found;
    const info = getModuleInfo(id);
    found = (info?.importedIds ?? []).flatMap((dep) =>
      /\/features\/[^/]+\/index\.ts$/.test(dep) ? indexParts(info!.code ?? "", dep) : [dep],
    );
    viaIndex.set(id, found);
    return found;
  }
  function indexParts(importerCode: string, index: string): string[] {
    const feature = index.split("/").at(-2)!;
    const names = [...importerCode.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)]
      .filter(([, , spec]) => spec!.replace(/\/index(\.ts)?$/, "").endsWith(`/${feature}`))
      .flatMap(([, list]) => list!.split(",").map((n) => n.trim().split(/\s+as\s+/)[0]!));
    const all = getModuleInfo(index)?.importedIds ?? [];
    const parts = new Set<string>();
    for (const [, list, spec] of (getModuleInfo(index)?.code ?? "").matchAll(
      /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g,
    )) {
      if (
        !list!.split(",").some((n) =>
          names.includes(
            n
              .trim()
              .split(/\s+as\s+/)
              .at(-1)!,
          ),
        )
      )
        continue;
      const base = index.slice(0, index.lastIndexOf("/") + 1) + spec!.replace(/^\.\//, "");
      const part = all.find((dep) => dep === base || dep.startsWith(`${base}.`));
      if (part) parts.add(part);
    }
    // names not found (a form of import this does not read): the whole index, as before
    return names.length > 0 && parts.size > 0 ? [...parts] : [...all];
  }

  /**
   * Hawl's modules under 1,000 characters that several pages share (query keys, formatters…),
   * whose own imports are in the shell or are such modules too: they join the shell rather than
   * each be a file of ≈ 0.1–0.5 KB behind ≈ 0.4 KB of headers (decision 041).
   */
  const tinyShared = new Map<string, boolean>();
  function isTinyShared(id: string, visiting = new Set<string>()): boolean {
    const known = tinyShared.get(id);
    if (known !== undefined) return known;
    if (visiting.has(id)) return false;
    visiting.add(id);
    const info = getModuleInfo(id);
    const result =
      info !== null &&
      id.startsWith(srcDir) &&
      !id.includes("?") &&
      !id.includes("/locales/") &&
      info.importers.length + info.dynamicImporters.length >= 2 &&
      (info.code?.length ?? Infinity) < 1_000 &&
      importsOf(id).every((dep) => shell!.has(dep) || isTinyShared(dep, visiting));
    tinyShared.set(id, result);
    return result;
  }

  /** Drops from `chunk` each module that imports what does not `stay`, until none does. */
  function keepClosed(chunk: Set<string>, stays: (dep: string) => boolean): void {
    for (let changed = true; changed;) {
      changed = false;
      for (const id of chunk)
        if (!importsOf(id).every(stays)) {
          chunk.delete(id);
          changed = true;
        }
    }
  }

  /**
   * Hawl's modules a route module imports statically, outside the shell; with `later`, also
   * what it may import on demand (its dialogs, a guest's save) and what that imports.
   */
  const reachableFrom = new Map<string, Set<string>>();
  function reachable(route: string, later = false): Set<string> {
    const key = `${later}:${route}`;
    let found = reachableFrom.get(key);
    if (found) return found;
    found = new Set();
    const next = (id: string) => [
      ...importsOf(id),
      ...(later ? (getModuleInfo(id)?.dynamicallyImportedIds ?? []) : []),
    ];
    const queue = next(route);
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (found.has(id) || shell!.has(id) || !id.startsWith(srcDir) || id.includes("?")) continue;
      found.add(id);
      queue.push(...next(id));
    }
    reachableFrom.set(key, found);
    return found;
  }

  /** The libraries with a chunk of their own (below): a group may import them and stay closed. */
  const namedLibrary = (id: string) => /\/node_modules\/(zod|lucide-react|decimal\.js)\//.test(id);

  /**
   * The calculator page's modules (decision 041): `shared`, what the dashboard imports too, a
   * chunk of its own; `core`, the rest whose imports all stay within the shell, the named library
   * chunks, `shared` or `core`. Rollup pulls a manual chunk's other imports into it, and one the
   * dashboard shares would then bring the whole chunk (and decimal.js) to the dashboard.
   */
  let calculator: { core: Set<string>; shared: Set<string> } | undefined;
  function calculatorChunks() {
    if (calculator) return calculator;
    const page = reachable(webDir + "routes/calculator.tsx");
    const dashboard = reachable(webDir + "routes/dashboard.tsx");
    const shared = new Set([...page].filter((id) => dashboard.has(id)));
    const core = new Set([...page].filter((id) => !dashboard.has(id)));
    const stays = (dep: string) =>
      shell!.has(dep) || core.has(dep) || shared.has(dep) || namedLibrary(dep);
    keepClosed(core, stays);
    calculator = { core, shared };
    return calculator;
  }

  /**
   * The dashboard's modules outside the shell and the calculator's chunks (issue 12, decision
   * 042): two chunks instead of ≈ 12 files of 0.5–4 KB. Over HTTP/1.1 a browser opens six
   * connections to a host, and each file beyond them waits a round trip (150 ms on Lighthouse's
   * mobile preset) while the dashboard's own data requests queue behind them.
   * `signed-in-shared`: what the calculator also loads later (a guest's save, its dialogs: the
   * tracker's rules, the history's API, the signed-in parsers), so that the offline calculator's
   * precache holds no dashboard code. `dashboard-core`: the rest, which the other signed-in pages
   * load whole. Each closed like `core`: a module whose imports leave its chunk, the shell or the
   * named chunks stays Rollup's to place.
   */
  let dashboard: { core: Set<string>; signedInShared: Set<string> } | undefined;
  function dashboardChunks() {
    if (dashboard) return dashboard;
    const calculator = calculatorChunks();
    const calculatorLater = reachable(webDir + "routes/calculator.tsx", true);
    const page = [...reachable(webDir + "routes/dashboard.tsx")].filter(
      (id) => !calculator.core.has(id) && !calculator.shared.has(id) && !isTinyShared(id),
    );
    const signedInShared = new Set(page.filter((id) => calculatorLater.has(id)));
    const core = new Set(page.filter((id) => !calculatorLater.has(id)));
    const elsewhere = (dep: string) =>
      shell!.has(dep) || calculator.shared.has(dep) || isTinyShared(dep) || namedLibrary(dep);
    keepClosed(signedInShared, (dep) => elsewhere(dep) || signedInShared.has(dep));
    keepClosed(core, (dep) => elsewhere(dep) || signedInShared.has(dep) || core.has(dep));
    dashboard = { core, signedInShared };
    return dashboard;
  }

  return (id, options) => {
    getModuleInfo = options.getModuleInfo;
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
    // decimal.js a chunk of its own, so that no group below pulls it in (the dashboard's first
    // load has none, decision 035)
    if (/\/node_modules\/decimal\.js\//.test(id)) return "decimal";
    if (!shell.has(id)) {
      if (isTinyShared(id)) return "app-shell";
      if (calculatorChunks().core.has(id)) return "calculator-core";
      if (calculatorChunks().shared.has(id)) return "calculator-shared";
      if (dashboardChunks().core.has(id)) return "dashboard-core";
      if (dashboardChunks().signedInShared.has(id)) return "signed-in-shared";
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

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rollupOptions: {
      output: {
        manualChunks: appShellChunks(),
        // a group holds only the modules named for it: a feature's index.ts (decision 065) names
        // parts no page group holds, and Rollup would otherwise pull them, with the index, into
        // the first group whose module imports it
        onlyExplicitManualChunks: true,
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
