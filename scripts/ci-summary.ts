// Prints the suite's totals as one plain line ("N passed, N failed, N skipped") from the JSON
// reports that vitest and Playwright write in CI, then how long each part took (issue 16's
// budgets: unit under 60 s, integration under 150 s per engine, on 2 cores).
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
let skipped = 0;
const times: string[] = [];
const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

if (existsSync(".tmp/vitest-report.json")) {
  const report = JSON.parse(readFileSync(".tmp/vitest-report.json", "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    startTime: number;
    testResults: Array<{ name: string; startTime: number; endTime: number }>;
  };
  // file time per part (files of one part run side by side, so this is CPU-ish, not wall time)
  const parts = new Map<string, number>();
  let end = report.startTime;
  for (const file of report.testResults) {
    const part = file.name.includes("/tests/integration/")
      ? "integration (both engines)"
      : file.name.endsWith(".tsx")
        ? "unit, components"
        : "unit";
    parts.set(part, (parts.get(part) ?? 0) + (file.endTime - file.startTime));
    end = Math.max(end, file.endTime);
  }
  times.push(`vitest ${seconds(end - report.startTime)} wall`);
  for (const [part, ms] of parts) times.push(`  ${part}: ${seconds(ms)} of file time`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
}

if (existsSync(".tmp/playwright-report.json")) {
  const report = JSON.parse(readFileSync(".tmp/playwright-report.json", "utf8")) as {
    stats: {
      expected: number;
      unexpected: number;
      flaky: number;
      skipped: number;
      duration: number;
    };
  };
  times.push(`browser tests ${seconds(report.stats.duration)} wall`);
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
  skipped += report.stats.skipped;
}

// the times first: the totals stay the last line
for (const line of times) console.log(line);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
