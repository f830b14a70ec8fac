// `npm run test:browser` (and the last step of `npm test`): production web build, then
// Playwright against the real server. Without Chromium it skips with one line, unless
// REQUIRE_BROWSER=1 (CI), where a missing browser is a failure.
import { spawnSync } from "node:child_process";
import { chromiumMissingMessage, findChromium } from "../tests/e2e/support/chromium.ts";

const chromium = findChromium();
if (!chromium) {
  const required = process.env.REQUIRE_BROWSER === "1";
  (required ? console.error : console.log)(chromiumMissingMessage(required ? "failed" : "skipped"));
  process.exit(required ? 1 : 0);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.error) {
    console.error(`${command} ${args.join(" ")}: ${result.error.message}`);
    return 1;
  }
  if (result.signal) return 128 + (signalNumbers[result.signal] ?? 1);
  return result.status ?? 1;
}
const signalNumbers: Partial<Record<NodeJS.Signals, number>> = {
  SIGINT: 2,
  SIGTERM: 15,
  SIGKILL: 9,
};

console.log(`Browser tests with ${chromium}: building the production web…`);
const built = run("npx", ["react-router", "build"]);
if (built !== 0) process.exit(built);

// extra arguments go to Playwright: `npm run test:browser -- tests/e2e/smoke.spec.ts`
const status = run("npx", ["playwright", "test", ...process.argv.slice(2)], {
  ...process.env,
  CHROME_PATH: chromium,
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
});
process.exit(status);
