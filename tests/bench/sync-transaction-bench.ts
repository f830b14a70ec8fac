// What one sync of the largest timeline costs on PGlite, measured without the HTTP load of
// sync-isolation-bench.ts (decision 031): syncs one after another through the service and the
// real PGlite worker thread, each replacing every row by rows without ids (the worst case).
// Prints, per sync, the CPU time of each of the process's two busiest threads (PGlite's worker
// and the main thread, from /proc: on a shared machine CPU time moves far less than wall time),
// the CPU time of PGlite's thread while the transaction is open, and the wall time spent inside
// the transaction: what every other request waits for.
//
//   npx tsx tests/bench/sync-transaction-bench.ts         (SYNCS=22, the first 2 not counted)
//   SYNC_IDS=1 …   (an edit: the timeline written whole twice first, then every sync sends it
//                   back with its ids, every title changed; decision 045)

import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { syncLimits, syncZakatRequestSchema } from "../../src/contracts/zakat.ts";
import { openPglite, type Db } from "../../src/server/db/client.ts";
import { provisionNewAccount } from "../../src/server/services/provision-new-account.ts";
import { syncZakatData } from "../../src/server/services/sync-zakat-data.ts";
import { timelineEdits } from "./timeline.ts";

const syncs = Number(process.env.SYNCS ?? 22);
const warmUp = 2;
const day = (n: number) => new Date(Date.UTC(2001, 0, 1 + n)).toISOString().slice(0, 10);
const body = {
  milestones: Array.from({ length: syncLimits.milestones }, (_, n) => ({
    date: day(n),
    title: `M${n}`,
    type: "due",
  })),
  obligations: [],
};

/** CPU milliseconds of one thread of this process (utime + stime, 10 ms ticks). */
function cpuOf(tid: string): number {
  const fields = readFileSync(`/proc/self/task/${tid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU milliseconds of each thread of this process. */
function threadCpu(): Map<string, number> {
  return new Map(readdirSync("/proc/self/task").map((tid) => [tid, cpuOf(tid)]));
}

const dataDir = mkdtempSync(path.join(tmpdir(), "hawl-sync-tx-bench-"));
const database = await openPglite({ dataDir });
await database.migrate();
await database.db.execute(
  sql`insert into "user" (id, name, email, email_verified) values ('bench', 'Bench', 'bench@example.test', true)`,
);
const { workspaceId } = await provisionNewAccount(database.db, {
  userId: "bench",
  fullName: "Bench",
});

// the time each sync spends inside db.transaction (the syncs run one at a time: no waiting),
// and the CPU time PGlite's thread spends meanwhile (once it is known: the busiest thread but
// the main one after the warm-up)
let inTransaction = 0;
let workerTid: string | null = null;
let workerCpuInTransaction = 0;
const db = new Proxy(database.db, {
  get(target, property) {
    const value: unknown = Reflect.get(target, property, target);
    if (typeof value !== "function") return value;
    if (property !== "transaction") return value.bind(target) as unknown;
    return async (...args: unknown[]) => {
      const started = performance.now();
      const cpuStarted = workerTid ? cpuOf(workerTid) : 0;
      try {
        return (await value.apply(target, args)) as unknown;
      } finally {
        inTransaction += performance.now() - started;
        if (workerTid) workerCpuInTransaction += cpuOf(workerTid) - cpuStarted;
      }
    };
  },
}) as Db;

/** SYNC_IDS=1: the bodies of an edit, every title changed in turns (as the isolation bench) */
const withIds = process.env.SYNC_IDS === "1";
const bodies = [body];
if (withIds) {
  let stored: { id: string; date: string }[] = [];
  for (let i = 0; i < 2; i++) {
    const request = syncZakatRequestSchema.parse(body);
    stored = (
      await syncZakatData({
        db: database.db,
        engine: "pglite",
        userId: "bench",
        workspaceId: workspaceId!,
        request,
        now: new Date(),
      })
    ).milestones;
  }
  bodies.splice(0, 1, ...timelineEdits(stored));
}

const transactionMs: number[] = [];
let before = threadCpu();
for (let i = 0; i < syncs; i++) {
  if (i === warmUp) {
    before = threadCpu();
    workerTid = [...before]
      .filter(([tid]) => tid !== String(process.pid))
      .sort((a, b) => b[1] - a[1])[0]![0];
  }
  inTransaction = 0;
  await syncZakatData({
    db,
    engine: "pglite",
    userId: "bench",
    workspaceId: workspaceId!,
    request: syncZakatRequestSchema.parse(bodies[i % bodies.length]),
    now: new Date(),
  });
  if (i >= warmUp) transactionMs.push(inTransaction);
}
const after = threadCpu();
await database.close();
rmSync(dataDir, { recursive: true, force: true });

const counted = syncs - warmUp;
const busiest = [...after]
  .map(([tid, ms]) => ({ tid, ms: (ms - (before.get(tid) ?? 0)) / counted }))
  .sort((a, b) => b.ms - a.ms)
  .slice(0, 2)
  .map(
    ({ tid, ms }) => `${tid === String(process.pid) ? "main" : `thread ${tid}`} ${ms.toFixed(0)}`,
  );
transactionMs.sort((a, b) => a - b);
const at = (q: number) => transactionMs[Math.min(counted - 1, Math.floor(q * counted))]!.toFixed(0);
console.log(
  `${counted} syncs of ${syncLimits.milestones} milestones${withIds ? " with ids" : ""}, load ${loadavg()[0]!.toFixed(1)}: ` +
    `CPU per sync ${busiest.join(", ")} ms, PGlite's thread inside the transaction ` +
    `${(workerCpuInTransaction / counted).toFixed(0)} ms; wall time in the transaction p50 ` +
    `${at(0.5)}, min ${at(0)}, max ${at(1)} ms`,
);
