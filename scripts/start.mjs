// `npm start`: the production server on a fresh clone, run by plain node (decision 018). Builds
// what is missing or older than its sources (a cheap mtime check): the web (build/client, with
// the service worker and build/embed) and then the server bundle (build/server, with the PGlite
// template; the web build empties build/, so it comes second). Then the bundle runs in this
// very process: no TypeScript is compiled at start.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(import.meta.dirname, "..");
const defaultWebDir = path.join(root, "build/client");
const serverBundle = path.join(root, "build/server/main.js");
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
// what the server bundle is made of (scripts/build-server.ts, serverInputs)
const serverInputs = [
  "src/server",
  "src/contracts",
  "src/domain",
  "locales",
  "drizzle",
  "scripts/build-server.ts",
  "scripts/admin.ts",
  "package-lock.json",
];

function newestMtime(target) {
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

function changedSince(builtAt, inputs) {
  return inputs.find((input) => newestMtime(path.join(root, input)) > builtAt);
}

function webBuildIsStale(webDir) {
  const shell = path.join(webDir, "__spa-fallback.html");
  if (!existsSync(shell)) return "no web build yet";
  // the service worker is written last (react-router.config.ts, buildEnd): a build without it
  // stopped half-way or predates it
  if (!existsSync(path.join(webDir, "sw.js"))) return "no service worker in the web build";
  // the embed page's build (build/embed) comes last, from the same `react-router build`
  if (!existsSync(path.join(root, "build/embed/index.html"))) return "no embed build";
  const changed = changedSince(statSync(shell).mtimeMs, webInputs);
  return changed ? `${changed} changed since the last web build` : null;
}

function serverBuildIsStale() {
  // the template is written last: a bundle without it stopped half-way
  if (!existsSync(path.join(root, "build/server/pglite-template.tar.gz"))) {
    return "no server build yet";
  }
  const changed = changedSince(statSync(serverBundle).mtimeMs, serverInputs);
  return changed ? `${changed} changed since the last server build` : null;
}

function run(what, command, args) {
  const result = spawnSync(path.join(root, "node_modules/.bin", command), args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error(`The ${what} build failed: see above.`);
    process.exit(result.status ?? 1);
  }
}

const webDir = path.resolve(root, process.env.WEB_DIR || "./build/client");
// a custom WEB_DIR is someone else's build: serve it as it is
let webBuilt = false;
if (webDir === defaultWebDir) {
  const reason = webBuildIsStale(webDir);
  if (reason) {
    console.log(`Building the web (${reason})…`);
    run("web", "react-router", ["build"]);
    webBuilt = true;
  }
}
const serverReason = webBuilt ? "the web build emptied build/" : serverBuildIsStale();
if (serverReason) {
  console.log(`Building the server (${serverReason})…`);
  run("server", "tsx", ["scripts/build-server.ts"]);
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverBundle).href);
