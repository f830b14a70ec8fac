import { defineConfig } from "vitest/config";

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
  },
});

export default defineConfig({
  resolve: { alias: { "~": new URL("./src/web", import.meta.url).pathname } },
  test: {
    // CI also writes a JSON report, from which .ci/run prints one plain summary line.
    reporters: process.env.CI
      ? ["default", ["json", { outputFile: ".tmp/vitest-report.json" }]]
      : ["default"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["src/**/*.test.{ts,tsx}", "tests/unit/**/*.test.{ts,tsx}"],
          environment: "node",
        },
      },
      integration("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
