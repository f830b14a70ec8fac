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

import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import {
  addDays,
  addMilestone,
  deriveTimeline,
  removeMilestone,
  zakatYearStatus,
  type HawlRule,
  type Milestone,
  type NewMilestone,
} from "../../src/domain/hawl/index.ts";
import { invariantProblems } from "../../src/domain/hawl/test-timeline.ts";

const target = Number(process.env.MILESTONES ?? 10_000);
const iterations = Number(process.env.ITERATIONS ?? 200);
const warmup = 20;
const budgetMs = 50;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

// Wall time, and the process's CPU time over the same run: on a loaded machine the wall p99
// measures the scheduler, the CPU time what the code costs.
function measure(label: string, run: () => unknown) {
  for (let i = 0; i < warmup; i++) run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    run();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const result = {
    median: percentile(wall, 50),
    p99: percentile(wall, 99),
    cpuMedian: percentile(cpu, 50),
    cpuP99: percentile(cpu, 99),
  };
  const ms = (n: number) => n.toFixed(2).padStart(6);
  console.log(
    `  ${label.padEnd(60)} wall ${ms(result.median)} / ${ms(result.p99)} ms` +
      `   cpu ${ms(result.cpuMedian)} / ${ms(result.cpuP99)} ms`,
  );
  return result;
}

/** A deterministic pseudo-random sequence (mulberry32), so every run builds the same timeline. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function buildTimeline(rule: HawlRule): { milestones: Milestone[]; adds: number; ms: number } {
  const next = random(4);
  let milestones: Milestone[] = [];
  let day = "1990-01-01";
  let clock = Date.UTC(2024, 0, 1);
  let ids = 0;
  let adds = 0;
  const start = performance.now();
  const add = (input: NewMilestone) => {
    const result = addMilestone(milestones, input, {
      now: new Date((clock += 1000)),
      newId: () => `m${++ids}`,
      rule,
    });
    adds++;
    if (result.ok) milestones = result.milestones;
  };
  while (milestones.length < target) {
    add({
      date: day,
      title: "Reached nisab",
      type: "threshold",
      quarterlyReminder: next() < 0.9,
      monthlyReminder: next() < 0.6,
    });
    for (let i = 0; i < 3; i++) {
      const type = next() < 0.5 ? "due" : "payment";
      add({ date: addDays(day, Math.floor(next() * 350)), title: `By hand ${i}`, type });
    }
    if (next() < 0.3) {
      const dip = addDays(day, 30 + Math.floor(next() * 300));
      add({ date: dip, title: "Fell below", type: "threshold-down" });
      day = addDays(dip, 10 + Math.floor(next() * 60));
    } else {
      day = addDays(day, 354 + Math.floor(next() * 10));
    }
  }
  return { milestones, adds, ms: performance.now() - start };
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
      `(load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")} on ${availableParallelism()} CPUs)`,
  );
  const results: { median: number; p99: number; cpuP99: number }[] = [];
  for (const rule of ["majority", "hanafi"] as const) {
    const { milestones, adds, ms } = buildTimeline(rule);
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
        { now: new Date(0), newId: () => "x" },
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
