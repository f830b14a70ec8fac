import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { IntegrationSequencer } from "./tests/helpers/integration-sequencer.ts";

// vitest's default is one worker fewer than the cores: a single worker on CI's 2 cores, with
// the other core mostly idle (the main process only transforms). Unit tests keep 2 cores busy
// with 2 workers; integration files mostly wait (spawned servers, PostgreSQL, SMTP, timers), but
// a few measure latency under load (large-sync, the price timeouts): 2 of them at a time keeps
// those honest on 2 busy cores (3 made large-sync miss its bound once). Each file has a database of its own (tests/helpers/database.ts), so
// files never see each other's rows.
const cores = availableParallelism();
const unitWorkers = Math.max(2, cores - 1);
const integrationWorkers = Math.max(2, cores - 1);

// Component tests that replace modules with vi.mock cannot share a module graph with others.
const root = new URL(".", import.meta.url).pathname;
const testsUnder = (dir: string) =>
  (readdirSync(`${root}${dir}`, { recursive: true }) as string[])
    .filter((file) => file.endsWith(".test.tsx") || file.endsWith(".test.ts"))
    .map((file) => `${dir}/${file}`);
const unitTests = [...testsUnder("src"), ...testsUnder("tests/unit")];
const source = (file: string) => readFileSync(`${root}${file}`, "utf8");
const mocksModules = (file: string) => source(file).includes("vi.mock(");
const moduleMockingTests = unitTests.filter(
  (file) => file.startsWith("src/") && file.endsWith(".tsx") && mocksModules(file),
);
// Plain .ts tests that ask for a DOM (`// @vitest-environment jsdom`) join the component tests'
// shared jsdom rather than make the node project start a jsdom worker of their own.
const domTests = unitTests.filter(
  (file) =>
    file.startsWith("src/") &&
    file.endsWith(".ts") &&
    source(file).startsWith("// @vitest-environment jsdom") &&
    !mocksModules(file),
);
// The node project shares modules between files too: one that replaces a module runs apart.
const nodeMockingTests = unitTests
  .filter((file) => !file.endsWith(".tsx") || file.startsWith("tests/"))
  .filter((file) => !domTests.includes(file) && mocksModules(file));

// Projects: unit (pure and component tests beside the code), and the integration suite
// once per database engine. PostgreSQL joins when TEST_DATABASE_URL is set (CI always sets it).
const integration = (engine: "pglite" | "postgres") => ({
  extends: true as const,
  test: {
    name: `integration-${engine}`,
    include: ["tests/integration/**/*.test.ts"],
    // PGlite lives inside the process and cannot go away: the outage test is PostgreSQL's.
    exclude: engine === "pglite" ? ["tests/integration/database-outage.test.ts"] : [],
    globalSetup: ["tests/helpers/global-setup.ts"],
    env: { HAWL_TEST_ENGINE: engine },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    maxWorkers: integrationWorkers,
    // Files share their worker's modules instead of importing the app afresh each (about a
    // second of CPU per file). They stay apart: each has its own database, app, SMTP peer and
    // server processes, and closes them in afterAll; none replaces a module (vi.mock).
    isolate: false,
    // after the unit projects when they run together (`npm test`): vitest runs projects with
    // different worker counts in different groups
    sequence: { groupOrder: 1 },
  },
});

export default defineConfig({
  resolve: { alias: { "~": new URL("./src/web", import.meta.url).pathname } },
  test: {
    maxWorkers: unitWorkers,
    // the integration projects' longest files first (vitest's order otherwise: by file size on a
    // fresh checkout, by the last run's durations with its cache); other projects as vitest sorts
    sequence: { sequencer: IntegrationSequencer },
    // CI also writes a JSON report (one per part: .ci/run names it in VITEST_JSON_REPORT),
    // from which scripts/ci-summary.ts prints the totals.
    reporters: process.env.CI
      ? [
          "default",
          ["json", { outputFile: process.env.VITEST_JSON_REPORT ?? ".tmp/vitest-report.json" }],
        ]
      : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "tests/unit/**/*.test.{ts,tsx}"],
          exclude: [...domTests, ...nodeMockingTests],
          environment: "node",
          // A fresh process per file was most of this project's CPU (about a second each: Node,
          // the worker, zod and the domain modules again, 77 times). The files share their
          // worker's modules instead: none replaces a module (vi.mock) and the few that stub a
          // global restore it after each test.
          isolate: false,
        },
      },
      // Component tests share one jsdom per worker (building a jsdom per file was a third of the
      // unit time); tests/helpers/dom-setup.ts resets the document and storage between tests.
      {
        extends: true,
        test: {
          name: "unit-dom",
          include: ["src/**/*.test.tsx", ...domTests],
          exclude: moduleMockingTests,
          environment: "jsdom",
          // a page test clicks through many renders: a busy machine took one past the 5 s
          // default (the timeout only guards against a hang; no assertion depends on it)
          testTimeout: 15_000,
          isolate: false,
          setupFiles: ["tests/helpers/dom-wait.ts", "tests/helpers/dom-setup.ts"],
        },
      },
      ...(nodeMockingTests.length > 0
        ? [
            {
              extends: true as const,
              test: { name: "unit-isolated", include: nodeMockingTests, environment: "node" },
            },
          ]
        : []),
      // vi.mock replaces a module for one file: those files keep an environment of their own.
      ...(moduleMockingTests.length > 0
        ? [
            {
              extends: true as const,
              test: {
                name: "unit-dom-isolated",
                include: moduleMockingTests,
                environment: "jsdom",
                testTimeout: 15_000,
                setupFiles: ["tests/helpers/dom-wait.ts"],
              },
            },
          ]
        : []),
      integration("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
