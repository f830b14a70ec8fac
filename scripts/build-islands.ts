// The static pages' script (decision 025): src/web/islands/static-page.ts bundled by esbuild
// into build/client/assets/islands-<hash>.js (minified, no React), and its name written into
// every prerendered page that asks for it (ISLANDS_SCRIPT_PLACEHOLDER). Runs in React Router's
// buildEnd, after the prerender and before the service worker and the compressed copies.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { ISLANDS_SCRIPT_PLACEHOLDER } from "../src/web/islands/script-placeholder.ts";

const root = path.resolve(import.meta.dirname, "..");

/** Every .html file under `dir`, at any depth. */
export function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(full);
    return entry.name.endsWith(".html") ? [full] : [];
  });
}

export interface IslandsResult {
  /** the script's address, /assets/islands-<hash>.js */
  url: string;
  bytes: number;
  /** the pages (relative to the client directory) that load it */
  pages: string[];
}

export async function buildIslands(clientDir: string): Promise<IslandsResult> {
  const result = await build({
    entryPoints: [path.join(root, "src/web/islands/static-page.ts")],
    bundle: true,
    format: "esm",
    minify: true,
    target: "es2022",
    write: false,
    alias: { "~": path.join(root, "src/web") },
    define: { "import.meta.env.PROD": "true", "import.meta.env.DEV": "false" },
    logLevel: "warning",
  });
  const code = result.outputFiles[0]!.contents;
  const hash = createHash("sha256").update(code).digest("base64url").slice(0, 10);
  const url = `/assets/islands-${hash}.js`;
  writeFileSync(path.join(clientDir, url), code);

  const pages: string[] = [];
  for (const file of htmlFiles(clientDir)) {
    const html = readFileSync(file, "utf8");
    if (!html.includes(ISLANDS_SCRIPT_PLACEHOLDER)) continue;
    // a static page carries none of the app's scripts: a stray one means root.tsx let it in
    if (/rel="modulepreload"|\/assets\/entry\.client/.test(html)) {
      throw new Error(`${file} is a static page but loads the app's scripts`);
    }
    writeFileSync(file, html.replaceAll(ISLANDS_SCRIPT_PLACEHOLDER, url));
    pages.push(path.relative(clientDir, file));
  }
  return { url, bytes: code.byteLength, pages };
}
