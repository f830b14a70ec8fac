// History paging under load: one workspace with 100,000 saved calculations; median and p99
// latency of history page 1 and of the last page, through the real use case
// (listCalculations: membership check, exact count, page query), on PGlite (in memory) and on
// PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is set (a database of its own is
// created and dropped). Not part of the test suite:
//
//   npx tsx tests/bench/history-bench.ts            (ROWS=… ITERATIONS=… to change the size)
//
// Budget (issue 3): page 1 p99 under 20 ms on PostgreSQL.

import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { calculateRequestExample, calculateRequestSchema } from "../../src/contracts/calculate.ts";
import { calculationPageSize } from "../../src/contracts/calculations.ts";
import type { Database } from "../../src/server/db/client.ts";
import { calculationValues } from "../../src/server/services/calculation-records.ts";
import { listCalculations } from "../../src/server/services/list-calculations.ts";
import { seedWorkspace, withPglite, withPrivatePostgres } from "./database.ts";
import { asyncMeasure, type RowFormat } from "./measure.ts";

const rows = Number(process.env.ROWS ?? 100_000);
const iterations = Number(process.env.ITERATIONS ?? 300);
const warmup = 30;

const row: RowFormat = { labelWidth: 44, figureWidth: 7, columns: "wall" };
const measure = asyncMeasure({ warmup, iterations }, row);

/** One user, one workspace, `rows` calculations one second apart (a single INSERT … SELECT). */
async function seed(database: Database) {
  const { db } = database;
  const { userId, workspaceId } = await seedWorkspace(database);
  // a real calculation's columns, computed by the same code as a save
  const v = calculationValues(
    { ...calculateRequestSchema.parse(calculateRequestExample), name: "x", isCompleted: true },
    new Date(),
  );
  const json = (value: unknown) => JSON.stringify(value);
  const start = performance.now();
  await db.execute(sql`
    insert into zakat_calculations (workspace_id, user_id, name, calculation_date, is_completed,
      asset_selection, liability_selection, cash_amounts, gold_silver_amounts, money_owed_amounts,
      shares_business_amounts, liability_amounts, currency, methodology, nissab_method,
      gold_price_per_gram, silver_price_per_gram, total_assets, total_liabilities,
      zakatable_amount, zakat_due, nissab_value, is_above_nissab, created_at, updated_at)
    select ${workspaceId}, ${userId}, 'Calculation ' || i, date '2020-01-01' + (i / 100),
      i % 3 <> 0, ${json(v.assetSelection)}::jsonb, ${json(v.liabilitySelection)}::jsonb,
      ${json(v.cashAmounts)}::jsonb, ${json(v.goldSilverAmounts)}::jsonb,
      ${json(v.moneyOwedAmounts)}::jsonb, ${json(v.sharesBusinessAmounts)}::jsonb,
      ${json(v.liabilityAmounts)}::jsonb, ${v.currency}, ${json(v.methodology)}::jsonb,
      ${v.nissabMethod}, ${v.goldPricePerGram}, ${v.silverPricePerGram}, ${v.totalAssets},
      ${v.totalLiabilities}, ${v.zakatableAmount}, ${v.zakatDue}, ${v.nissabValue},
      ${v.isAboveNissab}, t, t
    from generate_series(1, ${rows}) as i,
      lateral (select timestamptz '2020-01-01T00:00:00Z' + i * interval '1 second' as t) as at`);
  const seeded = performance.now() - start;
  await db.execute(sql`vacuum analyze zakat_calculations`);
  return { userId, workspaceId, seededMs: seeded };
}

async function bench(name: string, database: Database) {
  console.log(`\n${name}`);
  const { userId, workspaceId, seededMs } = await seed(database);
  console.log(`  seeded ${rows.toLocaleString("en")} rows in ${(seededMs / 1000).toFixed(1)} s`);
  const { db } = database;
  const lastPage = Math.ceil(rows / calculationPageSize);
  const check = await listCalculations({ db, userId, workspaceId, query: { page: lastPage } });
  if (check.totalCount !== rows || check.calculations.length === 0) {
    throw new Error(
      `unexpected answer: ${check.totalCount} rows, page of ${check.calculations.length}`,
    );
  }
  const results = {
    page1: await measure("history page 1 (listCalculations)", () =>
      listCalculations({ db, userId, workspaceId, query: { page: 1 } }),
    ),
    last: await measure(`history last page ${lastPage} (listCalculations)`, () =>
      listCalculations({ db, userId, workspaceId, query: { page: lastPage } }),
    ),
    latest5: await measure("dashboard ?latest=5", () =>
      listCalculations({ db, userId, workspaceId, query: { latest: 5 } }),
    ),
  };
  console.log("  parts:");
  await measure("exact count(*) alone", () =>
    db.execute(sql`select count(*) from zakat_calculations where workspace_id = ${workspaceId}`),
  );
  await measure("last page, plain OFFSET over whole rows", () =>
    db.execute(sql`select id, name, zakat_due from zakat_calculations
      where workspace_id = ${workspaceId} order by created_at desc, id desc
      limit 10 offset ${(lastPage - 1) * calculationPageSize}`),
  );
  return results;
}

async function main() {
  console.log(
    `history bench: ${rows.toLocaleString("en")} calculations in one workspace, ` +
      `${iterations} timed runs after ${warmup} warm-up runs, page size ${calculationPageSize}`,
  );

  await withPglite((pglite) => bench("PGlite (in memory, in process)", pglite));

  await withPrivatePostgres(async (postgres, host) => {
    const { page1 } = await bench(`PostgreSQL (${host})`, postgres);
    console.log(
      `\nbudget page 1 p99 < 20 ms on PostgreSQL: ${page1.p99 < 20 ? "met" : "MISSED"} ` +
        `(${page1.p99.toFixed(2)} ms)`,
    );
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
