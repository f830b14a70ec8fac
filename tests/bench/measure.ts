// Timing for the benchmark scripts in this folder: warm-up and timed runs, wall time and this
// process's CPU time, percentiles, and one printed row per measured step.

import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";

export interface Figures {
  median: number;
  p99: number;
  cpuMedian: number;
  cpuP99: number;
}

export interface Timing {
  warmup: number;
  iterations: number;
}

/** How a measured step's row is printed. */
export interface RowFormat {
  /** Width the label is padded to. */
  labelWidth: number;
  /** Width each figure (ms, two decimals) is padded to. */
  figureWidth: number;
  /** "wall-cpu": wall and CPU time, median / p99 each; "wall": wall time only, median and p99. */
  columns: "wall-cpu" | "wall";
}

/** The value at percentile `p` (nearest rank) of ascending `sorted`. */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

/** "load average 0.4 0.3 0.2 on 8 CPUs", for the header line. */
export function machineLoad(): string {
  const load = loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
  return `load average ${load} on ${availableParallelism()} CPUs`;
}

// Wall time, and the process's CPU time over the same run: on a loaded machine the wall p99
// measures the scheduler, the CPU time what the code costs. The CPU clock is read outside the
// wall-clock interval.
function recorder() {
  const wall: number[] = [];
  const cpu: number[] = [];
  let cpuStart = process.cpuUsage();
  let start = 0;
  return {
    start() {
      cpuStart = process.cpuUsage();
      start = performance.now();
    },
    stop() {
      wall.push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
    },
    figures(): Figures {
      wall.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      return {
        median: percentile(wall, 50),
        p99: percentile(wall, 99),
        cpuMedian: percentile(cpu, 50),
        cpuP99: percentile(cpu, 99),
      };
    },
  };
}

function printRow(label: string, figures: Figures, options: RowFormat) {
  const ms = (n: number) => n.toFixed(2).padStart(options.figureWidth);
  const name = label.padEnd(options.labelWidth);
  console.log(
    options.columns === "wall"
      ? `  ${name} median ${ms(figures.median)} ms   p99 ${ms(figures.p99)} ms`
      : `  ${name} wall ${ms(figures.median)} / ${ms(figures.p99)} ms` +
          `   cpu ${ms(figures.cpuMedian)} / ${ms(figures.cpuP99)} ms`,
  );
}

/** Times a synchronous step (no `await` inside the timed interval) and prints its row. */
function measureSync(label: string, run: () => unknown, options: Timing & RowFormat): Figures {
  for (let i = 0; i < options.warmup; i++) run();
  const timer = recorder();
  for (let i = 0; i < options.iterations; i++) {
    timer.start();
    run();
    timer.stop();
  }
  const figures = timer.figures();
  printRow(label, figures, options);
  return figures;
}

/** Times a step that may return a promise (awaited inside the timed interval) and prints its row. */
async function measureAsync(
  label: string,
  run: () => unknown,
  options: Timing & RowFormat,
): Promise<Figures> {
  for (let i = 0; i < options.warmup; i++) await run();
  const timer = recorder();
  for (let i = 0; i < options.iterations; i++) {
    timer.start();
    await run();
    timer.stop();
  }
  const figures = timer.figures();
  printRow(label, figures, options);
  return figures;
}

/** `measure(label, run)` for synchronous steps, with these options. */
export function syncMeasure(timing: Timing, row: RowFormat) {
  const options = { ...timing, ...row };
  return (label: string, run: () => unknown) => measureSync(label, run, options);
}

/** `measure(label, run)` for steps that may return a promise, with these options. */
export function asyncMeasure(timing: Timing, row: RowFormat) {
  const options = { ...timing, ...row };
  return (label: string, run: () => unknown) => measureAsync(label, run, options);
}
