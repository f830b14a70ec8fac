import { defineConfig, devices } from "@playwright/test";
import {
  chromiumArgs,
  chromiumMissingMessage,
  findChromium,
} from "./tests/e2e/support/chromium.ts";
import { baseURL } from "./tests/e2e/support/ports.ts";

// Browser tests against the production build served by the real server (tests/e2e/serve.ts).
// Run them with `npm run test:browser`, which builds the web first. Never `npx playwright
// install`: Chromium comes from Debian (/usr/bin/chromium) or CHROME_PATH.
const executablePath = findChromium();
if (!executablePath) throw new Error(chromiumMissingMessage("failed"));

const ci = Boolean(process.env.CI);

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  // 2-core machine: one browser at a time, and the server shares the cores
  workers: 1,
  fullyParallel: false,
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  // CI also writes JSON, from which .ci/run prints one plain summary line
  reporter: ci ? [["list"], ["json", { outputFile: ".tmp/playwright-report.json" }]] : "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    locale: "en-US",
    timezoneId: "Europe/Amsterdam",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: { executablePath, args: chromiumArgs },
      },
    },
  ],
  webServer: {
    command: "npx tsx tests/e2e/serve.ts",
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
