// Prints the wall time of each part of the suite that .ci/run timed (.tmp/ci-steps.tsv), against
// issue 16's budgets on 2 cores (unit under 60 s, integration under 150 s per engine), then the
// totals as one plain last line ("N passed, N failed, N skipped") from the JSON reports that
// vitest (.tmp/vitest-*.json) and Playwright write in CI. Exit code 1 when a part failed.
import { existsSync, readFileSync, readdirSync } from "node:fs";

const budgets: Record<string, number> = {
  unit: 60,
  "integration-pglite": 150,
  "integration-postgres": 150,
};

let passed = 0;
let failed = 0;
let skipped = 0;
let partFailed = false;
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
  };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

if (existsSync(".tmp/playwright-report.json")) {
  const report = JSON.parse(readFileSync(".tmp/playwright-report.json", "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
}

// the totals stay the last line
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || partFailed || passed === 0 ? 1 : 0);
