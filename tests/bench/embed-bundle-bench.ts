// The embed page's JavaScript, gzipped, from the production build (issue 6: at most 90 KB; issue 18: 70 KB).
// What a visitor's browser loads for the embed in one language: the entry chunk, the chunks it
// imports, and the catalogs of that language (the calculator's and the embed's, fetched once the
// language is known; the other languages' catalogs are never loaded). Read from the build's
// manifest (build/embed/.vite/manifest.json), so nothing is guessed from file names. Prints
// every file and the total per language; exits 1 when a language's total is over the budget.
// Not part of the test suite:
//
//   npm run build && npx tsx tests/bench/embed-bundle-bench.ts
//   (EMBED_DIR=… for another build; `npm run build:embed` rebuilds only the embed)

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { embedLanguages } from "../../src/domain/embed/index.ts";

/** 70 KB (issue 18; 90 KB before), counted as 70,000 bytes (the stricter reading). */
const budgetBytes = 70_000;

const root = path.resolve(import.meta.dirname, "../..");
const embedDir = path.resolve(root, process.env.EMBED_DIR ?? "build/embed");
const manifestFile = path.join(embedDir, ".vite/manifest.json");
if (!existsSync(manifestFile)) {
  console.error(`No embed build at ${embedDir}: run \`npm run build\` first.`);
  process.exit(1);
}

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Record<string, Chunk>;

const gzipped = new Map<string, { raw: number; gzip: number }>();
function sizeOf(file: string) {
  let size = gzipped.get(file);
  if (!size) {
    const bytes = readFileSync(path.join(embedDir, file));
    size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
    gzipped.set(file, size);
  }
  return size;
}

/** The chunk's file and every chunk it imports statically, each once. */
function staticClosure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1 || !entries[0]![1].file.endsWith(".js")) {
  console.error(`Expected one JavaScript entry in ${manifestFile}, found ${entries.length}.`);
  process.exit(1);
}
const [entryKey, entry] = entries[0]!;
const always = [...staticClosure(entryKey)];
const dynamic = entry.dynamicImports ?? [];

const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
const line = (label: string, file: string) => {
  const { raw, gzip } = sizeOf(file);
  const name = label.replace(/^(\.\.\/)+/, "");
  console.log(`  ${name.padEnd(27)} ${file.padEnd(32)} ${kb(raw).padStart(9)} → ${kb(gzip)}`);
  return gzip;
};

console.log(`Embed page JavaScript (${path.relative(root, embedDir)}), minified → gzipped:`);
let worst = 0;
for (const lang of embedLanguages) {
  console.log(`${lang}:`);
  let total = 0;
  for (const key of always) total += line(manifest[key]!.src ?? key, manifest[key]!.file);
  const catalogs = dynamic.filter((key) => key.includes(`locales/${lang}/`));
  if (catalogs.length === 0) {
    console.error(`  no catalog chunk for ${lang}: the build does not load languages lazily`);
    process.exit(1);
  }
  for (const key of catalogs) {
    for (const chunk of staticClosure(key)) {
      total += line(manifest[chunk]!.src ?? chunk, manifest[chunk]!.file);
    }
  }
  console.log(`  total ${kb(total)} gzipped (budget ${kb(budgetBytes)})`);
  worst = Math.max(worst, total);
}

const over = worst > budgetBytes;
console.log(
  `${over ? "OVER BUDGET" : "Within budget"}: the heaviest language loads ${kb(worst)} of ` +
    `gzipped JavaScript, budget ${kb(budgetBytes)}.`,
);
process.exit(over ? 1 : 0);
