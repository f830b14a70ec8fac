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

import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { zakatDataSchema, type ZakatData } from "../../src/contracts/zakat.ts";
import type { Milestone } from "../../src/domain/hawl/index.ts";
import type { Database } from "../../src/server/db/client.ts";
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
import { seedWorkspace, withPglite, withPrivatePostgres } from "./database.ts";
import { machineLoad, asyncMeasure, type RowFormat } from "./measure.ts";
import { buildTimeline } from "./timeline.ts";

const target = Number(process.env.MILESTONES ?? 10_000);
const iterations = Number(process.env.ITERATIONS ?? 200);
const warmup = 20;

const row: RowFormat = { labelWidth: 58, figureWidth: 7, columns: "wall-cpu" };
const measure = asyncMeasure({ warmup, iterations }, row);

/** One user, one workspace, the timeline's rows written through the repository. */
async function seed(database: Database, timeline: readonly Milestone[]) {
  const { db } = database;
  const { userId, workspaceId } = await seedWorkspace(database);
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
      `(${machineLoad()})`,
  );
  // about `target` milestones, some 20 dues and payments by hand a year so that the timeline
  // fits in the years the calendar shows
  const { milestones: timeline, ms: buildMs } = buildTimeline({
    target,
    rule: "majority",
    seed: 11,
    firstDay: "1900-01-01",
    byHandPerYear: 20,
    newId: randomUUID,
  });
  console.log(
    `built a timeline of ${timeline.length.toLocaleString("en")} milestones ` +
      `(${timeline[0]!.date} … ${timeline.at(-1)!.date}) in ${buildMs.toFixed(0)} ms`,
  );

  const { answer } = await withPglite((pglite) =>
    benchQuery("PGlite (in memory, in process)", pglite, timeline),
  );

  await withPrivatePostgres((postgres, host) =>
    benchQuery(`PostgreSQL (${host})`, postgres, timeline),
  );

  await benchBrowser(answer);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
