// Precompressed copies of the web build (issue 12, decision 014): for every text file of
// build/client and build/embed, `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9)
// beside it, each only when it is smaller than the file. The server sends them to clients that
// accept them (static-web.ts, embed-page.ts). `react-router build` runs this last (buildEnd in
// react-router.config.ts, after the service worker, the embed and the social images);
// `npx tsx scripts/compress-build.ts [dir…]` runs it alone.
import { readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

/** Extensions of the files worth compressing (images, fonts and archives already are). */
export const compressibleExtensions = new Set([
  ".js",
  ".mjs",
  ".css",
  ".html",
  ".json",
  ".map",
  ".svg",
  ".webmanifest",
  ".txt",
  ".xml",
  ".ics",
  ".wasm",
]);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface CompressResult {
  files: number;
  written: number;
  bytes: number;
  brotliBytes: number;
}

/** Every compressible file under dir (hidden folders such as .vite/ skipped). */
async function textFiles(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await textFiles(full)));
    else if (entry.isFile() && compressibleExtensions.has(path.extname(entry.name).toLowerCase())) {
      found.push(full);
    }
  }
  return found;
}

async function compressFile(file: string): Promise<{ bytes: number; br: number; written: number }> {
  const bytes = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
    gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  let written = 0;
  for (const [suffix, data] of [
    [".br", br],
    [".gz", gz],
  ] as const) {
    if (data.byteLength < bytes.byteLength) {
      await writeFile(file + suffix, data);
      written++;
    } else {
      // a copy left from an earlier run would be stale
      await rm(file + suffix, { force: true });
    }
  }
  return { bytes: bytes.byteLength, br: Math.min(br.byteLength, bytes.byteLength), written };
}

/** Writes the .br and .gz copies of every text file under each dir that exists. */
export async function compressBuild(dirs: readonly string[]): Promise<CompressResult> {
  const result: CompressResult = { files: 0, written: 0, bytes: 0, brotliBytes: 0 };
  for (const dir of dirs) {
    const info = await stat(dir).catch(() => null);
    if (!info?.isDirectory()) continue;
    const files = await textFiles(dir);
    // a few at a time: brotli 11 is CPU-bound and the machine is shared
    for (let i = 0; i < files.length; i += 4) {
      const done = await Promise.all(files.slice(i, i + 4).map(compressFile));
      for (const one of done) {
        result.files++;
        result.written += one.written;
        result.bytes += one.bytes;
        result.brotliBytes += one.br;
      }
    }
  }
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const dirs = process.argv.length > 2 ? process.argv.slice(2) : ["build/client", "build/embed"];
  const result = await compressBuild(dirs);
  console.log(
    `compressed ${result.files} files: ${result.bytes} bytes, ${result.brotliBytes} with brotli`,
  );
}
