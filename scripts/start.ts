// `npm start`: the production-like server on a fresh clone. Builds the web first when
// build/client is missing or older than its sources (a cheap mtime check), then runs the
// server (src/server/main.ts) in this process. `react-router build` also writes the service
// worker (build/client/sw.js, decision 007) and the embed page's build (build/embed).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const defaultWebDir = path.join(root, "build/client");
// what the web build reads: its sources, the shared layers, the catalogs and the configs
const webInputs = [
  "src/web",
  "src/contracts",
  "src/domain",
  "locales",
  "public",
  "react-router.config.ts",
  "scripts/build-service-worker.ts",
  "vite.config.ts",
  "vite.embed.config.ts",
  "package-lock.json",
];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) {
    if (entry === "node_modules" || entry.startsWith(".")) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function webBuildIsStale(webDir: string): string | null {
  const shell = path.join(webDir, "__spa-fallback.html");
  if (!existsSync(shell)) return "no web build yet";
  // the service worker is written last (react-router.config.ts, buildEnd): a build without it
  // stopped half-way or predates it
  if (!existsSync(path.join(webDir, "sw.js"))) return "no service worker in the web build";
  // the embed page's build (build/embed) comes last, from the same `react-router build`
  const embedPage = path.join(root, "build/embed/index.html");
  if (!existsSync(embedPage)) return "no embed build";
  const builtAt = statSync(shell).mtimeMs;
  const changed = webInputs.find((input) => newestMtime(path.join(root, input)) > builtAt);
  return changed ? `${changed} changed since the last web build` : null;
}

const webDir = path.resolve(root, process.env.WEB_DIR || "./build/client");
// a custom WEB_DIR is someone else's build: serve it as it is
if (webDir === defaultWebDir) {
  const reason = webBuildIsStale(webDir);
  if (reason) {
    console.log(`Building the web (${reason})…`);
    const result = spawnSync(path.join(root, "node_modules/.bin/react-router"), ["build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (result.status !== 0) {
      console.error("The web build failed: see above.");
      process.exit(result.status ?? 1);
    }
  }
}

await import("../src/server/main.ts");
