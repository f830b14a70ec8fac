import { Gauge, type Registry } from "prom-client";
import type { Database } from "../db/client.ts";

// The database's side of /metrics, read when Prometheus scrapes (decision 062): the pool or
// PGlite's queue from memory, pg-boss's counts with one small query that a scrape waits for at
// most `timeoutMs` (a busy PGlite runs one statement at a time: a scrape must not wait behind
// a large sync). A query still running when the next scrape comes is not sent a second time.
// The gauges read what the last query found (prom-client calls their collect() on a scrape).

const jobStates = ["created", "retry", "active", "failed"] as const;

/** Every queue pg-boss knows, with its jobs per state (0 included), from pgboss.job. */
const jobCountsSql = `
  select q.name as queue, s.state, count(j.id)::int as n
  from pgboss.queue q
  cross join unnest(array[${jobStates.map((state) => `'${state}'`).join(", ")}]) as s(state)
  left join pgboss.job j on j.name = q.name and j.state = s.state::pgboss.job_state
  group by q.name, s.state`;

type JobCount = { queue: string; state: (typeof jobStates)[number]; n: number };

/** Registers the gauges; returns what reads pg-boss's counts before a scrape. */
export function watchDatabase(
  registry: Registry,
  database: Database,
  options: { timeoutMs: number },
): () => Promise<void> {
  const registers = [registry];
  if (database.engine === "postgres") {
    new Gauge({
      name: "hawl_db_pool_connections",
      help: 'PostgreSQL pool connections: state="in_use" (checked out) or "idle"',
      labelNames: ["state"],
      registers,
      collect() {
        const load = database.load();
        if (load.engine !== "postgres") return;
        this.set({ state: "in_use" }, load.inUse);
        this.set({ state: "idle" }, load.idle);
      },
    });
    new Gauge({
      name: "hawl_db_pool_waiting",
      help: "Queries waiting for a PostgreSQL pool connection",
      registers,
      collect() {
        const load = database.load();
        if (load.engine === "postgres") this.set(load.waiting);
      },
    });
  } else {
    new Gauge({
      name: "hawl_pglite_queue_length",
      help: "Requests sent to PGlite's thread and not answered yet (it runs one at a time)",
      registers,
      collect() {
        const load = database.load();
        if (load.engine === "pglite") this.set(load.queued);
      },
    });
  }

  let running: Promise<JobCount[]> | null = null;
  /** the last counts read, and whether the last scrape read them in time */
  let counts: JobCount[] = [];
  let fresh = false;

  new Gauge({
    name: "hawl_job_stats_up",
    help: "1 when this scrape read pg-boss's job counts in time; 0: the job gauges keep their last values",
    registers,
    collect() {
      this.set(fresh ? 1 : 0);
    },
  });
  new Gauge({
    name: "hawl_job_queue_depth",
    help: 'Jobs per pg-boss queue: state="created" (waiting), "retry" (waiting after a failure) or "active"',
    labelNames: ["queue", "state"],
    registers,
    collect() {
      for (const row of counts) {
        if (row.state !== "failed") this.set({ queue: row.queue, state: row.state }, row.n);
      }
    },
  });
  new Gauge({
    name: "hawl_jobs_failed",
    help: "Jobs per pg-boss queue that failed their last attempt, kept until pg-boss archives them",
    labelNames: ["queue"],
    registers,
    collect() {
      for (const row of counts) {
        if (row.state === "failed") this.set({ queue: row.queue }, row.n);
      }
    },
  });

  /** Before each scrape: pg-boss's counts, waited for at most `timeoutMs`. */
  return async () => {
    // a query still running (a scrape that gave up on it) is awaited, not sent a second time
    running ??= database
      .executeSql(jobCountsSql)
      .then(({ rows }) => rows as JobCount[])
      .finally(() => (running = null));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), options.timeoutMs);
    });
    try {
      const read = await Promise.race([running.catch(() => null), timeout]);
      fresh = read !== null;
      if (read) counts = read;
    } finally {
      clearTimeout(timer);
    }
  };
}
