import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { embedCatalogSections } from "./src/web/embed/catalog-sections.ts";

// The embed page's own build (issue 6): src/web/embed/index.html → build/embed, assets under
// build/embed/assets (served at /embed/assets/*). The server answers /embed/calculator (and
// /fr/…, /nl/…) with this index.html and its decision injected (src/server/http/embed-page.ts).
// No React Router, session or dashboard code: only the calculator's steps, results and domain.
// Budget: 70 KB of gzipped JavaScript (issue 18; 90 KB before) (tests/bench/embed-bundle-bench.ts prints it). React 19's
// react-dom alone is about 66 KB gzipped, so this build renders the same components with
// Preact's React compatibility layer (about 10 KB); the app itself renders with React (decision 050).
const root = new URL("./src/web/embed", import.meta.url).pathname;

/**
 * build/embed/resize.js: the script the framing site loads beside the iframe (issue 30,
 * decision 054), a classic script of its own (not a chunk of the page), at a fixed address.
 */
function hostResizeScript(): Plugin {
  return {
    name: "hawl-embed-host-resize",
    apply: "build",
    async generateBundle() {
      const { build } = await import("esbuild");
      const result = await build({
        entryPoints: [`${root}/host/resize.ts`],
        bundle: true,
        format: "iife",
        minify: true,
        // the framing sites' visitors may have older browsers than the embed targets
        target: "es2017",
        write: false,
        logLevel: "warning",
      });
      this.emitFile({ type: "asset", fileName: "resize.js", source: result.outputFiles[0]!.text });
    },
  };
}

/**
 * Each language's calculator and embed catalogs, cut to the sections the embed shows
 * (src/web/embed/catalog-sections.ts): the rest is the app's texts.
 */
function catalogSections(): Plugin {
  return {
    name: "hawl-embed-catalog-sections",
    // before Vite's JSON plugin, so the text is still JSON
    enforce: "pre",
    transform(code, id) {
      const file = /\/locales\/[^/]+\/([^/]+\.json)$/.exec(id.split("?")[0]!)?.[1];
      const sections = file === undefined ? undefined : embedCatalogSections[file];
      if (!sections) return null;
      const catalog = JSON.parse(code) as Record<string, unknown>;
      const missing = sections.filter((name) => !(name in catalog));
      if (missing.length > 0) this.error(`${id} has no section ${missing.join(", ")}`);
      const kept = Object.fromEntries(sections.map((name) => [name, catalog[name]]));
      return { code: JSON.stringify(kept), map: null };
    },
  };
}

export default defineConfig({
  root,
  base: "/embed/",
  plugins: [catalogSections(), tailwindcss(), hostResizeScript()],
  resolve: {
    // "react" also covers "react/jsx-runtime", "react-dom" also "react-dom/client"
    alias: {
      "~": new URL("./src/web", import.meta.url).pathname,
      react: "preact/compat",
      "react-dom": "preact/compat",
      // only Button's Slot is used: a few lines instead of the package (issue 18, 70 KB)
      "radix-ui/slot": new URL("./src/web/embed/slot.tsx", import.meta.url).pathname,
    },
  },
  build: {
    outDir: new URL("./build/embed", import.meta.url).pathname,
    emptyOutDir: true,
    assetsDir: "assets",
    target: "es2022",
    // .vite/manifest.json: which chunk is which (the bundle bench reads it; never served)
    manifest: true,
    rollupOptions: {
      // radix-ui's "use client" directives mean nothing here
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
