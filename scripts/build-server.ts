// `npm run build:server` (and the end of `npm run build`): the server bundled by esbuild into
// build/server/*.js, run by plain `node` (`npm start`, decision 018), plus a migrated PGlite data
// directory (build/server/pglite-template.tar.gz) that a fresh DATA_DIR starts from, so the
// first start skips PGlite's initdb (seconds) and the migrations.
//
// The web build (`react-router build`) empties build/ first, so this runs after it.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
export const serverOutDir = path.join(root, "build/server");
export const templateName = "pglite-template.tar.gz";

/**
 * The bundle's entry points: output name (build/server/<name>.js) → source. Another entry the
 * server starts by file name (a worker thread, say) is one more line here.
 */
export const serverEntries: Record<string, string> = {
  main: "src/server/main.ts",
  // PGlite's thread (src/server/db/pglite-thread.ts starts it by this file name)
  "pglite-worker": "src/server/db/pglite-worker.ts",
  // the operator's command (`npm run admin` runs the source through tsx): `node admin.js` is the
  // same without compiling it first, a fifth of the CPU (the integration tests run it)
  admin: "scripts/admin.ts",
  // the zakat statement's render thread (src/server/statements/pdf-thread.ts)
  "pdf-worker": "src/server/statements/pdf-worker.ts",
};

/**
 * Left to node_modules at run time: native addons and WebAssembly that load files next to
 * their code (PGlite, argon2), optional native parts (pg-native), and large libraries the
 * server loads only on some paths.
 */
const external = [
  "@electric-sql/pglite",
  "@electric-sql/pglite/*",
  "@node-rs/argon2",
  "pg",
  "pg-native",
  "pg-boss",
  "pino",
  "stripe",
  "lighthouse",
  // reads its font metrics and fontkit's tables from files beside its code
  "pdfkit",
];

/** Sources the bundle is made of: newer than build/server/main.js means a rebuild. */
export const serverInputs = [
  "src/server",
  "src/contracts",
  "src/domain",
  "locales",
  "drizzle",
  "scripts/build-server.ts",
  "scripts/admin.ts",
  "scripts/admin-backup.ts",
  "package-lock.json",
];

/**
 * outDir: build/server, or another folder two levels below the root (the API bench's own, the
 * integration tests'). `pgliteTemplate: false` skips the template (a bundle that only ever runs
 * on PostgreSQL).
 */
export async function buildServer(
  outDir = serverOutDir,
  options: { pgliteTemplate?: boolean } = {},
): Promise<void> {
  const started = performance.now();
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  await build({
    entryPoints: Object.fromEntries(
      Object.entries(serverEntries).map(([name, source]) => [name, path.join(root, source)]),
    ),
    outdir: outDir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    legalComments: "none",
    // less to parse at start; identifiers kept, so stack traces still name functions
    minifyWhitespace: true,
    minifySyntax: true,
    external,
    // CommonJS dependencies bundled into an ES module still call require()
    banner: {
      js: 'import { createRequire as __hawlCreateRequire } from "node:module"; const require = __hawlCreateRequire(import.meta.url);',
    },
    logLevel: "warning",
  });
  const bundled = performance.now();
  if (options.pgliteTemplate === false) return;

  // A migrated, empty PGlite data directory: what a fresh DATA_DIR is loaded from.
  const { openPglite } = await import("../src/server/db/client.ts");
  const template = await openPglite({});
  try {
    await template.migrate();
    const dump = await template.dumpDataDir!();
    writeFileSync(path.join(outDir, templateName), Buffer.from(await dump.arrayBuffer()));
  } finally {
    await template.close();
  }
  console.log(
    `server bundle: ${path.relative(root, outDir)} (${Math.round(bundled - started)} ms), PGlite template (${Math.round(performance.now() - bundled)} ms)`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  await buildServer();
}
