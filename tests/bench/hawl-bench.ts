// The hawl derivation under load: one workspace with 10,000 milestones (a threshold most years
// with its quarterly and monthly reviews, dips, re-gained thresholds, dues and payments by hand),
// built through the real rules (addMilestone). Median and p99 of deriveTimeline and
// zakatYearStatus under both hawl rules, for the rows as the database returns them (date order)
// and shuffled (the sort included), and of one add and one remove on the full timeline. Not
// part of the test suite:
//
//   npx tsx tests/bench/hawl-bench.ts            (MILESTONES=… ITERATIONS=… to change the size)
//
// Budget (issue 4): the derivation under 50 ms.

import {
  addDays,
  addMilestone,
  deriveTimeline,
  removeMilestone,
  zakatYearStatus,
  type HawlRule,
} from "../../src/domain/hawl/index.ts";
import { invariantProblems, testReviewTitles } from "../../src/domain/hawl/test-timeline.ts";
import { machineLoad, syncMeasure, type RowFormat } from "./measure.ts";
import { buildTimeline, random } from "./timeline.ts";

const target = Number(process.env.MILESTONES ?? 10_000);
const iterations = Number(process.env.ITERATIONS ?? 200);
const warmup = 20;
const budgetMs = 50;

const row: RowFormat = { labelWidth: 60, figureWidth: 6, columns: "wall-cpu" };
const measure = syncMeasure({ warmup, iterations }, row);

/** The timeline for `rule`: a threshold most years, three dues or payments by hand a year. */
function timelineFor(rule: HawlRule) {
  let ids = 0;
  return buildTimeline({
    target,
    rule,
    seed: 4,
    firstDay: "1990-01-01",
    byHandPerYear: 3,
    newId: () => `m${++ids}`,
  });
}

function shuffled<T>(items: readonly T[]): T[] {
  const next = random(7);
  const copy = items.slice();
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

function main() {
  console.log(
    `hawl bench: ${iterations} timed runs after ${warmup} warm-up runs; median / p99 ` +
      `(${machineLoad()})`,
  );
  const results: { median: number; p99: number; cpuP99: number }[] = [];
  for (const rule of ["majority", "hanafi"] as const) {
    const { milestones, adds, ms } = timelineFor(rule);
    const problems = invariantProblems(milestones, rule);
    if (problems.length > 0) throw new Error(problems.slice(0, 5).join("; "));
    const first = milestones[0]!.date;
    const last = milestones[milestones.length - 1]!.date;
    const today = addDays(last, -200);
    console.log(
      `\n${rule} rule: ${milestones.length.toLocaleString("en")} milestones ` +
        `(${milestones.filter((m) => m.type === "threshold").length} thresholds, ` +
        `${milestones.filter((m) => m.type === "threshold-down").length} threshold-downs), ` +
        `${first} … ${last}; built by ${adds} adds in ${(ms / 1000).toFixed(1)} s`,
    );
    const state = deriveTimeline(milestones, rule);
    const status = zakatYearStatus(milestones, rule, today, "hijri");
    console.log(`  state ${JSON.stringify(state)}`);
    console.log(`  status on ${today} ${JSON.stringify(status)}`);

    const random = shuffled(milestones);
    results.push(
      measure("deriveTimeline, rows in date order", () => deriveTimeline(milestones, rule)),
      measure("deriveTimeline, shuffled rows (sort included)", () => deriveTimeline(random, rule)),
      measure("zakatYearStatus (Hijri), rows in date order", () =>
        zakatYearStatus(milestones, rule, today, "hijri"),
      ),
      measure("zakatYearStatus (Gregorian), shuffled rows", () =>
        zakatYearStatus(random, rule, today, "gregorian"),
      ),
      measure("deriveTimeline + zakatYearStatus (one request)", () => {
        deriveTimeline(milestones, rule);
        zakatYearStatus(milestones, rule, today, "hijri");
      }),
    );
    const threshold = milestones.filter((m) => m.type === "threshold").at(-1)!;
    measure("addMilestone (a due milestone) on the full timeline", () =>
      addMilestone(
        milestones,
        { date: today, title: "x", type: "due" },
        { now: new Date(0), newId: () => "x", reviewTitles: testReviewTitles },
      ),
    );
    measure("removeMilestone (the latest threshold) on the full timeline", () =>
      removeMilestone(milestones, threshold.id),
    );
  }
  const worst = (key: "median" | "p99" | "cpuP99") => Math.max(...results.map((r) => r[key]));
  const verdict = (n: number) => `${n < budgetMs ? "met" : "MISSED"} (${n.toFixed(2)} ms)`;
  console.log(
    `\nbudget: derivation under ${budgetMs} ms — worst median ${verdict(worst("median"))}, ` +
      `worst p99 wall ${verdict(worst("p99"))}, worst p99 cpu ${verdict(worst("cpuP99"))}`,
  );
}

main();
