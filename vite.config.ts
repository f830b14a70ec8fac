import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import type { GetModuleInfo } from "rollup";

const webDir = new URL("./src/web/", import.meta.url).pathname;

/**
 * One first-load chunk (issue 12, decision 030): every module the entry and the root route
 * import statically (`shell`: what any app page loads before its first paint). Split by shared
 * use they were ≈ 35 files, many of a few hundred bytes, each paying ≈ 400 bytes of headers and,
 * on HTTP/1.1's 6 connections, a round trip; no page that loads the root loads any more code for
 * it. Route modules and dynamic imports (catalogs, sonner, menus, dialogs) keep their own
 * chunks. (The layout's modules as a second group made the two chunks import each other: a
 * library both use went to one of them.)
 */
const groups: Array<[name: string, entries: string[]]> = [
  ["shell", [`${webDir}entry.client.tsx`, `${webDir}root.tsx`]],
];
// a barrel's imports are every member of the library, most of them used by lazy chunks only
const barrels = /\/node_modules\/(radix-ui|lucide-react)\//;

function groupModules(getModuleInfo: GetModuleInfo): Map<string, string> {
  const groupOf = new Map<string, string>();
  for (const [name, entries] of groups) {
    const stack = [...entries];
    const seen = new Set<string>();
    while (stack.length > 0) {
      const id = stack.pop()!;
      const info = getModuleInfo(id);
      if (seen.has(id) || !info?.isIncluded) continue;
      seen.add(id);
      if (!groupOf.has(id) && !entries.includes(id)) groupOf.set(id, name);
      if (!barrels.test(id)) stack.push(...info.importedIds);
    }
  }
  for (const [, entries] of groups) for (const entry of entries) groupOf.delete(entry);
  return groupOf;
}
// per build (the client's and the prerender's see different graphs)
const grouped = new WeakMap<GetModuleInfo, Map<string, string>>();

const apiPort = Number(process.env.API_PORT ?? 3001);

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  build: {
    rollupOptions: {
      output: {
        manualChunks(id, { getModuleInfo }) {
          let groupOf = grouped.get(getModuleInfo);
          if (!groupOf) grouped.set(getModuleInfo, (groupOf = groupModules(getModuleInfo)));
          const group = groupOf.get(id);
          if (group) return group;
          // Rollup would pull every module the shell's imports reach into it, among them all of
          // Radix and every icon through their barrels (tree-shaken from the shell itself, used
          // by lazy chunks): they keep chunks of their own, as before
          const radix = /\/node_modules\/@radix-ui\/([\w-]+)\//.exec(id);
          // the Button's Slot (and the refs it composes) is the shell's, behind the barrel
          if (radix && /^react-(slot|compose-refs)$/.test(radix[1]!)) return "shell";
          if (radix) return `radix-${radix[1]}`;
          const icon = /\/node_modules\/lucide-react\/dist\/esm\/icons\/([\w-]+)\.js$/.exec(id);
          if (icon) return `icon-${icon[1]}`;
        },
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
