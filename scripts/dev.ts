// `npm run dev`: the API with reload (tsx watch, migrations applied at start) on API_PORT
// (3001), and the React Router dev server on PORT (3000), which proxies /api, /healthz,
// /readyz and /dev/outbox to the API (vite.config.ts). Open http://localhost:3000.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name: string) => path.join(root, "node_modules/.bin", name);

const webPort = process.env.PORT || "3000";
const apiPort = process.env.API_PORT || "3001";
// The browser talks to the dev server: links in e-mails and the Origin check use its origin.
const baseUrl = process.env.BASE_URL || `http://localhost:${webPort}`;

const children: ChildProcess[] = [];
let stopping = false;

function start(name: string, command: string, args: string[], env: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { cwd: root, stdio: "inherit", env });
  child.on("exit", (code, signal) => {
    if (stopping) return;
    console.error(`[dev] ${name} stopped (${signal ?? `exit ${code}`}); stopping the rest.`);
    stop(code ?? 1);
  });
  children.push(child);
}

function stop(code: number) {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));

start("api", bin("tsx"), ["watch", "--clear-screen=false", "src/server/main.ts"], {
  ...process.env,
  PORT: apiPort,
  BASE_URL: baseUrl,
});
start("web", bin("react-router"), ["dev"], {
  ...process.env,
  PORT: webPort,
  API_PORT: apiPort,
});
console.log(
  `[dev] web on ${baseUrl} (API on 127.0.0.1:${apiPort}); e-mails at ${baseUrl}/dev/outbox`,
);
