// Prints the wall time of each part of the suite that .ci/run timed (.tmp/ci-steps.tsv), against
// issue 16's budgets on 2 cores (unit under 60 s, integration under 150 s per engine), then the
// totals as one plain last line ("N passed, N failed, N skipped") from the JSON reports that
// vitest (.tmp/vitest-*.json) and Playwright write in CI, after the names of the tests that
// failed (the end of a run's output is what a reader of its record sees first). Exit code 1 when
// a part failed.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

type PlaywrightSuite = {
  specs?: { title: string; file: string; line: number; tests?: { status: string }[] }[];
  suites?: PlaywrightSuite[];
};

const budgets: Record<string, number> = {
  unit: 60,
  "integration-pglite": 150,
  "integration-postgres": 150,
};

let passed = 0;
let failed = 0;
let skipped = 0;
let partFailed = false;
const failures: string[] = [];
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

if (existsSync(".tmp/ci-steps.tsv")) {
  const steps = readFileSync(".tmp/ci-steps.tsv", "utf8").trim().split("\n").filter(Boolean);
  for (const line of steps) {
    const [name = "?", ms = "0", status = "0"] = line.split("\t");
    const budget = budgets[name];
    const over = budget !== undefined && Number(ms) > budget * 1000;
    const notes = [
      budget === undefined ? "" : `budget ${budget} s${over ? ", OVER" : ""}`,
      status === "0" ? "" : `FAILED (exit ${status})`,
    ].filter(Boolean);
    if (status !== "0") partFailed = true;
    console.log(
      `${name}: ${seconds(Number(ms))} wall${notes.length ? ` (${notes.join("; ")})` : ""}`,
    );
  }
}

const reports = existsSync(".tmp")
  ? readdirSync(".tmp").filter((file) => /^vitest-.*\.json$/.test(file))
  : [];
for (const file of reports) {
  const report = JSON.parse(readFileSync(`.tmp/${file}`, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults?: {
      name: string;
      assertionResults?: { fullName: string; status: string }[];
      message?: string;
      status?: string;
    }[];
  };
  const part = file.replace(/^vitest-|\.json$/g, "");
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failedTests) failures.push(`${part} › ${where} › ${test.fullName}`);
    // a file that failed before any test ran (an import, a hook) has no failed test to name
    if (suite.status === "failed" && failedTests.length === 0) {
      failures.push(`${part} › ${where} › ${(suite.message ?? "failed").split("\n")[0]}`);
    }
  }
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

if (existsSync(".tmp/playwright-report.json")) {
  const report = JSON.parse(readFileSync(".tmp/playwright-report.json", "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
    suites?: PlaywrightSuite[];
  };
  const walk = (suite: PlaywrightSuite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === "unexpected" || test.status === "flaky") {
          failures.push(`browser › ${spec.file}:${spec.line} › ${spec.title} (${test.status})`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report.suites ?? []) walk(suite);
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
}

if (failures.length > 0) {
  console.log("failed or flaky:");
  for (const failure of failures) console.log(`  ${failure}`);
}
// the totals stay the last line
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || partFailed || passed === 0 ? 1 : 0);
