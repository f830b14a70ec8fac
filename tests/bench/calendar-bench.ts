// The calendar under load: one workspace with 10,000 milestones (a threshold most years with its
// quarterly and monthly reviews, dips, and some 20 dues and payments by hand a year, so that the
// timeline fits in the years the calendar shows, 1900–2199; built through the real rules,
// addMilestone, and written through the real repository). Median and p99 of
//
//   - the calendar's query, the use case getZakatData (membership check, milestones, records,
//     state, derivation, all in one read-only snapshot), on PGlite (in memory) and on PostgreSQL
//     when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a database of its own is created and
//     dropped);
//   - what the page does with the answer in the browser: the contract's parse
//     (zakatDataSchema), sorting and indexing by day once (sortedForCalendar + indexByDay), then
//     per view the month grid and its 42 cells' previews, and the timeline's month groups of
//     its first window.
//
// Wall time and CPU time of this process are both printed: on a busy machine the wall time of a
// synchronous step is inflated by other processes, its CPU time much less. Not part of the test
// suite:
//
//   npx tsx tests/bench/calendar-bench.ts        (MILESTONES=… ITERATIONS=… to change the size)

import { randomBytes, randomUUID } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import pg from "pg";
import { zakatDataSchema, type ZakatData } from "../../src/contracts/zakat.ts";
import {
  addDays,
  addMilestone,
  type Milestone,
  type NewMilestone,
} from "../../src/domain/hawl/index.ts";
import { openPglite, openPostgres, type Database } from "../../src/server/db/client.ts";
import { insertMilestones } from "../../src/server/db/repositories/tracker.ts";
import { getZakatData } from "../../src/server/services/get-zakat-data.ts";
import { toMilestoneDto } from "../../src/server/services/tracker-records.ts";
import { monthGrid, startOfMonth } from "../../src/web/features/calendar/model/calendar-days.ts";
import {
  cellPreview,
  groupByMonth,
  indexByDay,
  initialTimelineWindow,
  sortedForCalendar,
} from "../../src/web/features/calendar/model/milestone-index.ts";

const target = Number(process.env.MILESTONES ?? 10_000);
const iterations = Number(process.env.ITERATIONS ?? 200);
const warmup = 20;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

interface Figures {
  median: number;
  p99: number;
  cpuMedian: number;
  cpuP99: number;
}

const ms = (n: number) => n.toFixed(2).padStart(7);

async function measure(label: string, run: () => unknown): Promise<Figures> {
  for (let i = 0; i < warmup; i++) await run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const cpuStart = process.cpuUsage();
    const start = performance.now();
    await run();
    wall.push(performance.now() - start);
    const used = process.cpuUsage(cpuStart);
    cpu.push((used.user + used.system) / 1000);
  }
  wall.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const figures = {
    median: percentile(wall, 50),
    p99: percentile(wall, 99),
    cpuMedian: percentile(cpu, 50),
    cpuP99: percentile(cpu, 99),
  };
  console.log(
    `  ${label.padEnd(58)} wall ${ms(figures.median)} / ${ms(figures.p99)} ms` +
      `   cpu ${ms(figures.cpuMedian)} / ${ms(figures.cpuP99)} ms`,
  );
  return figures;
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

/** About `target` milestones, as a person's timeline grows, through the domain's own rules. */
function buildTimeline(): Milestone[] {
  const next = random(11);
  let milestones: Milestone[] = [];
  let day = "1900-01-01";
  let clock = Date.UTC(2024, 0, 1);
  const add = (input: NewMilestone) => {
    const result = addMilestone(milestones, input, {
      now: new Date((clock += 1000)),
      newId: randomUUID,
      rule: "majority",
    });
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
    for (let i = 0; i < 20; i++) {
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
  return milestones;
}

/** One user, one workspace, the timeline's rows written through the repository. */
async function seed(database: Database, timeline: readonly Milestone[]) {
  const { db } = database;
  const userId = `bench-${randomBytes(6).toString("hex")}`;
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified) values (${userId}, 'Bench', ${`${userId}@example.test`}, true)`,
  );
  const ws = await db.execute<{ id: string }>(
    sql`insert into workspaces (name, created_by) values ('Bench', ${userId}) returning id`,
  );
  const workspaceId = (ws as unknown as { rows: { id: string }[] }).rows[0]!.id;
  await db.execute(
    sql`insert into workspace_members (workspace_id, user_id, role) values (${workspaceId}, ${userId}, 'owner')`,
  );
  const start = performance.now();
  const rows = timeline.map((m) => ({ ...toMilestoneDto(m), userId }));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 1000) {
      await insertMilestones(tx, workspaceId, rows.slice(i, i + 1000));
    }
  });
  await db.execute(sql`vacuum analyze milestones`);
  return { userId, workspaceId, seededMs: performance.now() - start };
}

async function benchQuery(name: string, database: Database, timeline: readonly Milestone[]) {
  console.log(`\n${name}`);
  const { userId, workspaceId, seededMs } = await seed(database, timeline);
  console.log(
    `  seeded ${timeline.length.toLocaleString("en")} milestones in ${seededMs.toFixed(0)} ms`,
  );
  const { db } = database;
  const check = await getZakatData({ db, userId, workspaceId });
  if (check.milestones.length !== timeline.length) {
    throw new Error(`unexpected answer: ${check.milestones.length} milestones`);
  }
  const figures = await measure("calendar query (getZakatData)", () =>
    getZakatData({ db, userId, workspaceId }),
  );
  await measure("  of which: the milestones select alone", () =>
    db.execute(sql`select * from milestones where workspace_id = ${workspaceId}
      order by date, created_at, id`),
  );
  return { figures, answer: check };
}

async function benchBrowser(answer: ZakatData) {
  const wire = JSON.stringify(answer);
  console.log(
    `\nIn the browser, for the answer of ${answer.milestones.length.toLocaleString("en")} ` +
      `milestones (${(wire.length / 1024).toFixed(0)} KiB of JSON)`,
  );
  await measure("JSON.parse + zakatDataSchema.parse (fetchZakatData)", () =>
    zakatDataSchema.parse(JSON.parse(wire)),
  );
  const data = zakatDataSchema.parse(JSON.parse(wire));
  const indexing = await measure("sort + index by day (once per answer)", () =>
    indexByDay(sortedForCalendar(data.milestones)),
  );
  const reversed = data.milestones.slice().reverse();
  await measure("  the same from unsorted rows (sort included)", () =>
    indexByDay(sortedForCalendar(reversed)),
  );
  const byDay = indexByDay(sortedForCalendar(data.milestones));
  const sorted = sortedForCalendar(data.milestones);
  // the busiest month of the timeline
  const busiest = [...groupByMonth(sorted)].sort(
    (a, b) => b.milestones.length - a.milestones.length,
  )[0]!;
  const day = `${busiest.month}-15`;
  const grid = await measure(`month grid + 42 cells' previews (${busiest.month})`, () => {
    let shown = 0;
    for (const d of monthGrid(day).flat()) shown += cellPreview(byDay.get(d)).shown.length;
    return shown;
  });
  await measure("timeline: first window (100) grouped by month", () => {
    const w = initialTimelineWindow(sorted, startOfMonth(day));
    return groupByMonth(sorted.slice(w.start, w.end));
  });
  await measure("for contrast: 42 cells filtering the whole list", () => {
    let shown = 0;
    for (const d of monthGrid(day).flat()) {
      shown += data.milestones.filter((m) => m.date === d).slice(0, 2).length;
    }
    return shown;
  });
  return { indexing, grid };
}

async function main() {
  console.log(
    `calendar bench: ${iterations} timed runs after ${warmup} warm-up runs; median / p99 ` +
      `(load average ${loadavg()
        .map((n) => n.toFixed(1))
        .join(" ")} on ${availableParallelism()} CPUs)`,
  );
  const buildStart = performance.now();
  const timeline = buildTimeline();
  console.log(
    `built a timeline of ${timeline.length.toLocaleString("en")} milestones ` +
      `(${timeline[0]!.date} … ${timeline.at(-1)!.date}) in ${(performance.now() - buildStart).toFixed(0)} ms`,
  );

  let answer: ZakatData;
  const pglite = await openPglite({});
  await pglite.migrate();
  try {
    ({ answer } = await benchQuery("PGlite (in memory, in process)", pglite, timeline));
  } finally {
    await pglite.close();
  }

  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log("\nPostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)");
  } else {
    const name = `hawl_bench_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const postgres = openPostgres(target.toString());
    try {
      await postgres.migrate();
      await benchQuery(`PostgreSQL (${target.host})`, postgres, timeline);
    } finally {
      await postgres.close();
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  }

  await benchBrowser(answer);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
