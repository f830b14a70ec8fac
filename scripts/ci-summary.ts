// Prints the suite's totals as one plain line ("N passed, N failed, N skipped") from the JSON
// reports that vitest and Playwright write in CI.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;

if (existsSync(".tmp/vitest-report.json")) {
  const report = JSON.parse(readFileSync(".tmp/vitest-report.json", "utf8")) as {
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

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
