import { getTableName, sql, type Table } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import {
  obligationSchema,
  syncLimits,
  syncZakatRequestSchema,
  zakatDataSchema,
  type SyncZakatRequest,
  type ZakatData,
} from "../../src/contracts/zakat.ts";
import type { Db } from "../../src/server/db/client.ts";
import { syncZakatData } from "../../src/server/services/sync-zakat-data.ts";
import { testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";
import { newTenant } from "../helpers/workspaces.ts";

// Issue 13, decision 027: a sync (POST …/zakat) reads the tracker and works out its writes
// before its transaction opens; the transaction only locks, checks the tracker's revision and
// writes. On PGlite a transaction holds the only session, so what it holds is what every other
// request waits for. These tests watch the service's queries through a proxy of the real
// database: which tables are read inside the transaction, how many statements it makes, and a
// pause just before it opens, where other requests run (a read, or a concurrent write).

const day = (n: number) => new Date(Date.UTC(2001, 0, 1 + n)).toISOString().slice(0, 10);

interface Watch {
  db: Db;
  /** every `select … from table`, and whether it ran inside the transaction */
  reads: { table: string; inTransaction: boolean }[];
  /** statements (select, insert, update, delete, execute) made inside the transaction */
  statementsInTransaction: number;
  /** savepoints (nested transactions) opened inside the transaction */
  savepoints: number;
  /** times the outermost transaction was asked for */
  transactions: number;
  /** `db.execute` statements made outside any transaction */
  statementsOutside: number;
}

/**
 * The real database behind a proxy that records the sync's queries; `beforeTransaction` runs
 * each time the sync asks for its (outermost) transaction, before it opens.
 */
function watched(
  db: Db,
  beforeTransaction: (n: number) => Promise<void>,
  beforeStatementOutside: (n: number) => Promise<void> = async () => {},
): Watch {
  const watch: Watch = {
    db,
    reads: [],
    statementsInTransaction: 0,
    savepoints: 0,
    transactions: 0,
    statementsOutside: 0,
  };
  const statements = new Set(["select", "insert", "update", "delete", "execute"]);
  const wrap = <T extends object>(target: T, inTransaction: boolean): T =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property, object);
        if (typeof value !== "function") return value;
        const method = value as (...args: unknown[]) => unknown;
        if (property === "transaction") {
          return async (callback: (tx: object) => Promise<unknown>, ...rest: unknown[]) => {
            if (!inTransaction) await beforeTransaction(++watch.transactions);
            else watch.savepoints++;
            return method.call(object, (tx: object) => callback(wrap(tx, true)), ...rest);
          };
        }
        if (property === "execute" && !inTransaction) {
          return async (...args: unknown[]) => {
            await beforeStatementOutside(++watch.statementsOutside);
            return (await method.apply(object, args)) as unknown;
          };
        }
        if (typeof property === "string" && statements.has(property)) {
          return (...args: unknown[]) => {
            if (inTransaction) watch.statementsInTransaction++;
            const built = method.apply(object, args) as object;
            if (property !== "select") return built;
            return new Proxy(built, {
              get(builder, key) {
                const step: unknown = Reflect.get(builder, key, builder);
                if (key !== "from" || typeof step !== "function") return step;
                return (table: Table, ...more: unknown[]) => {
                  watch.reads.push({ table: getTableName(table), inTransaction });
                  return (step as (...a: unknown[]) => unknown).call(builder, table, ...more);
                };
              },
            });
          };
        }
        return method.bind(object);
      },
    });
  watch.db = wrap(db, false);
  return watch;
}

describe(`a sync's transaction holds only its writes, on ${testEngine()}`, () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
  });
  afterAll(() => testApp.close());

  async function tenant(prefix: string) {
    const found = await newTenant(testApp, prefix);
    const zakat = async () =>
      zakatDataSchema.parse(await (await found.user.request(`${found.base}/zakat`)).json());
    return { ...found, zakat };
  }

  /** The service itself on a watched database, as POST …/zakat calls it. */
  function syncThrough(
    watch: Watch,
    who: { user: { id: string }; ws: string },
    body: unknown,
  ): Promise<ZakatData> {
    const request: SyncZakatRequest = syncZakatRequestSchema.parse(body);
    return syncZakatData({
      db: watch.db,
      userId: who.user.id,
      workspaceId: who.ws,
      request,
      now: new Date(),
      engine: testApp.database.engine,
    });
  }

  it("reads the timeline before its transaction, where another tenant's read is answered", async () => {
    const syncing = await tenant("sync-tx-large");
    const other = await tenant("sync-tx-other");
    const timeline = Array.from({ length: syncLimits.milestones }, (_, n) => ({
      date: day(n),
      title: `M${n}`,
      type: "due",
    }));
    const first = await syncing.user.json("POST", `${syncing.base}/zakat`, {
      milestones: timeline,
      obligations: [],
    });
    expect(first.status).toBe(200);
    const stored = zakatDataSchema.parse(await first.json()).milestones;

    // the largest timeline again: every row re-titled, one dropped, one added
    const body = {
      milestones: [
        ...stored.slice(1).map((m) => ({ ...m, title: `${m.title} again` })),
        { date: day(syncLimits.milestones), title: "new", type: "due" },
      ],
      obligations: [],
    };
    let meWhileWaiting: number | null = null;
    const watch = watched(testApp.database.db, async () => {
      // the timeline is read already, and no transaction is open: on PGlite, a query now would
      // wait for one (the test would time out here)
      expect(watch.reads.some((r) => r.table === "milestones")).toBe(true);
      meWhileWaiting = (await other.user.request("/api/me")).status;
    });
    const answer = await syncThrough(watch, syncing, body);

    expect(meWhileWaiting).toBe(200);
    expect(watch.transactions).toBe(1);
    // inside: the membership checked again under the lock, nothing listed
    expect(watch.reads.filter((r) => r.inTransaction).map((r) => r.table)).toEqual([
      "workspace_members",
    ]);
    // the lock, the membership, one delete, one update and one insert, and no more (decision
    // 031: no savepoint around them when they succeed)
    expect(watch.statementsInTransaction).toBe(5);
    expect(watch.savepoints).toBe(0);
    // the answer, worked out in memory, is what the database now holds
    expect(answer.milestones).toHaveLength(syncLimits.milestones);
    expect(answer).toEqual(await syncing.zakat());
    expect(answer.milestones.at(-1)).toMatchObject({ title: "new" });
  });

  /** Every row the workspace holds in the milestones table, whichever timeline it is in. */
  async function storedRows(workspaceId: string): Promise<number> {
    const result = (await testApp.database.db.execute(
      sql`select count(*)::int as n from milestones where workspace_id = ${workspaceId}`,
    )) as unknown as { rows: { n: number }[] };
    return Number(result.rows[0]!.n);
  }

  const largest = (title: string) =>
    Array.from({ length: syncLimits.milestones }, (_, n) => ({
      date: day(n),
      title: `${title} ${n}`,
      type: "due",
    }));

  /** A new tenant whose timeline is already the largest one, titled "first <n>". */
  async function tenantWithLargest(prefix: string) {
    const who = await tenant(prefix);
    const first = await who.user.json("POST", `${who.base}/zakat`, {
      milestones: largest("first"),
      obligations: [],
    });
    expect(first.status).toBe(200);
    return who;
  }

  /** One milestone added through the API while a sync runs; its id. */
  async function addMeanwhile(who: Awaited<ReturnType<typeof tenant>>): Promise<string> {
    const response = await who.user.json("POST", `${who.base}/milestones`, {
      date: "2025-06-01",
      title: "added meanwhile",
      type: "due",
    });
    expect(response.status).toBe(201);
    return ((await response.json()) as { id: string }).id;
  }

  it("replacing the largest timeline by rows without ids: shown all at once; on PGlite small statements between which others read, on PostgreSQL one transaction", async () => {
    const syncing = await tenantWithLargest("sync-tx-replace");
    const other = await tenantWithLargest("sync-tx-bystander");
    const before = await syncing.zakat();
    const othersBefore = await other.zakat();

    // issue 13's worst case (tests/bench/sync-isolation-bench.ts): every stored row goes, as
    // many come in under ids the server draws. Before each of the sync's statements outside a
    // transaction, another tenant reads (on PGlite a read waits for any open transaction: the
    // test would time out) and the syncing tenant's own timeline is read: never half of it.
    const seen: string[] = [];
    let reads = 0;
    const look = async () => {
      expect((await other.user.request("/api/me")).status).toBe(200);
      const now = await syncing.zakat();
      const titles = new Set(now.milestones.map((m) => m.title.split(" ")[0]));
      expect(now.milestones).toHaveLength(syncLimits.milestones);
      expect(titles.size).toBe(1);
      seen.push([...titles][0]!);
      reads++;
    };
    const watch = watched(testApp.database.db, look, look);
    const answer = await syncThrough(watch, syncing, {
      milestones: largest("second"),
      obligations: [],
    });

    expect(watch.transactions).toBe(1);
    expect(watch.savepoints).toBe(0);
    if (testApp.database.engine === "pglite") {
      // decision 034: a new generation, no statement writing more than a few hundred rows (a
      // request waits for one at most), then one transaction that only locks, checks the
      // membership and flips to the new rows
      expect(watch.statementsOutside).toBeGreaterThanOrEqual(syncLimits.milestones / 250);
      expect(watch.statementsInTransaction).toBeLessThanOrEqual(3);
      expect(reads).toBeGreaterThan(syncLimits.milestones / 250);
      // the old timeline until the flip, the new one after it, nothing in between
      const flippedAt = seen.indexOf("second");
      expect(flippedAt).toBeGreaterThan(0);
      expect(seen.slice(flippedAt).every((t) => t === "second")).toBe(true);
      expect(seen.slice(0, flippedAt).every((t) => t === "first")).toBe(true);
    } else {
      // decision 034: on PostgreSQL reads never wait for a transaction, and each statement
      // outside one would commit (a WAL flush) on its own: one transaction, no statement outside
      // it (the lock, the membership, one delete, one insert)
      expect(watch.statementsOutside).toBe(0);
      expect(watch.statementsInTransaction).toBeLessThanOrEqual(4);
      expect(seen).toEqual(["first"]);
    }

    expect(answer).toEqual(await syncing.zakat());
    expect(answer.milestones).toHaveLength(syncLimits.milestones);
    expect(answer.milestones.map((m) => m.title)).toEqual(largest("second").map((m) => m.title));
    const kept = new Set(before.milestones.map((m) => m.id));
    expect(answer.milestones.filter((m) => kept.has(m.id))).toEqual([]);
    // the replaced rows are gone from the table, not only from the timeline
    expect(await storedRows(syncing.ws)).toBe(syncLimits.milestones);
    // the other tenant's timeline is whole
    expect(await other.zakat()).toEqual(othersBefore);
  });

  it("a large replace whose tracker is written while its rows are being written: they go, and it runs in one transaction", async () => {
    const who = await tenantWithLargest("sync-tx-gen-stale");
    let added: string | null = null;
    const add = async () => {
      if (!added) added = await addMeanwhile(who);
    };
    // PGlite: while the generation's rows are written; PostgreSQL (no generation): before the
    // sync's transaction
    const pglite = testApp.database.engine === "pglite";
    const watch = watched(
      testApp.database.db,
      async () => (pglite ? undefined : add()),
      async (n) => (n === 3 ? add() : undefined),
    );
    const answer = await syncThrough(watch, who, {
      milestones: largest("second"),
      obligations: [],
    });

    expect(added).not.toBeNull();
    expect(watch.transactions).toBe(2);
    const now = await who.zakat();
    expect(answer).toEqual(now);
    expect(now.milestones.map((m) => m.title)).toEqual(largest("second").map((m) => m.title));
    // neither the rows written before the flip was refused nor the replaced ones remain
    expect(await storedRows(who.ws)).toBe(syncLimits.milestones);
  });

  // only PGlite writes generations (decision 034): on PostgreSQL a large replace deletes the
  // visible timeline in its transaction, and no generation is ever left unseen
  it.runIf(testEngine() === "pglite")(
    "rows of a generation never flipped to (a sync that crashed) are nobody's, and the next large replace deletes them",
    async () => {
      const who = await tenantWithLargest("sync-tx-gen-crashed");
      const before = await who.zakat();
      await testApp.database.db.execute(
        sql`insert into milestones (workspace_id, date, title, type, generation)
        values (${who.ws}, '2025-01-01', 'ghost', 'due', nextval('milestone_generations'))`,
      );
      expect(await who.zakat()).toEqual(before);
      expect(await storedRows(who.ws)).toBe(syncLimits.milestones + 1);

      const second = await who.user.json("POST", `${who.base}/zakat`, {
        milestones: largest("second"),
        obligations: [],
      });
      expect(second.status).toBe(200);
      expect((await who.zakat()).milestones.map((m) => m.title)).toEqual(
        largest("second").map((m) => m.title),
      );
      expect(await storedRows(who.ws)).toBe(syncLimits.milestones);
    },
  );

  it("a large replace refused in its last transaction leaves nothing written", async () => {
    const who = await tenantWithLargest("sync-tx-gen-refused");
    const before = await who.zakat();
    // a record needs the tracker's state, which needs a nissab date: none in this timeline
    const watch = watched(testApp.database.db, async () => {});
    const refusal = await syncThrough(watch, who, {
      milestones: largest("second"),
      obligations: [{ amount: "100", category: "Zakat", dueDate: "2026-02-01" }],
    }).then(
      () => null,
      (error: unknown) => error,
    );

    expect(refusal).toMatchObject({ code: "NISSAB_DATE_REQUIRED" });
    expect(await who.zakat()).toEqual(before);
    expect(await storedRows(who.ws)).toBe(syncLimits.milestones);
  });

  it("a batch that fails rolls its transaction back; the sync runs again with its row-by-row replay", async () => {
    const who = await tenant("sync-tx-replay");
    // two thresholds on one day: the INSERT fails on the one-threshold-a-day index; the replay
    // names the operation (spec §8), and nothing is written
    const body = {
      milestones: [
        { date: "2025-03-01", title: "a", type: "due" },
        { date: "2025-03-02", title: "Nisab reached", type: "threshold" },
        { date: "2025-03-02", title: "Nisab reached again", type: "threshold" },
      ],
      obligations: [],
    };
    const watch = watched(testApp.database.db, async () => {});
    const refusal = await syncThrough(watch, who, body).then(
      () => null,
      (error: unknown) => error,
    );

    expect(refusal).toMatchObject({
      code: "MILESTONE_SYNC_FAILED",
      message: "Milestone sync failed at operation 3",
    });
    expect(watch.transactions).toBe(2);
    expect(watch.savepoints).toBe(1);
    expect((await who.zakat()).milestones).toEqual([]);
  });

  it("a write between the sync's read and its transaction: the sync reads again, under the lock", async () => {
    const who = await tenant("sync-tx-stale");
    const first = await who.user.json("POST", `${who.base}/zakat`, {
      milestones: [
        { date: "2025-03-01", title: "Nisab reached", type: "threshold" },
        { date: "2025-04-01", title: "a", type: "due" },
        { date: "2025-05-01", title: "b", type: "due" },
      ],
      obligations: [{ amount: "100", category: "Zakat", dueDate: "2026-02-01" }],
    });
    expect(first.status).toBe(200);
    const before = zakatDataSchema.parse(await first.json());
    const body = {
      milestones: before.milestones.slice(0, 2).map((m) => ({ ...m, title: `${m.title}!` })),
      obligations: before.obligations.map(({ id, amount, category, dueDate }) => ({
        id,
        amount,
        category,
        dueDate,
      })),
    };

    // another member's write lands after the sync read the tracker: a milestone the sync's
    // diff cannot know about (it must go: the timeline becomes the one sent)
    let added: string | null = null;
    const watch = watched(testApp.database.db, async (n) => {
      if (n <= 1) added = await addMeanwhile(who);
    });
    const answer = await syncThrough(watch, who, body);

    expect(added).not.toBeNull();
    // the stale plan's transaction was rolled back; the second read and wrote under the lock
    expect(watch.transactions).toBe(2);
    const now = await who.zakat();
    expect(answer).toEqual(now);
    expect(now.milestones.map((m) => m.title)).toEqual(["Nisab reached!", "a!"]);
    expect(now.milestones.map((m) => m.id)).not.toContain(added);
  });

  it("a payment between the sync's read and its transaction: the lowered amount is refused", async () => {
    const who = await tenant("sync-tx-paid");
    const first = await who.user.json("POST", `${who.base}/zakat`, {
      milestones: [{ date: "2025-03-01", title: "Nisab reached", type: "threshold" }],
      obligations: [{ amount: "100", category: "Zakat", dueDate: "2026-02-01" }],
    });
    const before = zakatDataSchema.parse(await first.json());
    const record = before.obligations[0]!;
    const body = {
      milestones: before.milestones,
      obligations: [{ id: record.id, amount: "50", category: "Zakat", dueDate: "2026-02-01" }],
    };
    // when the sync read it, nothing was paid and 50 was allowed; then 80 is paid
    const watch = watched(testApp.database.db, async (n) => {
      if (n > 1) return;
      const paid = await who.user.json("POST", `${who.base}/obligations/${record.id}/payments`, {
        amount: "80",
      });
      expect(paid.status).toBe(201);
    });
    const refusal = await syncThrough(watch, who, body).then(
      () => null,
      (error: unknown) => error,
    );

    expect(refusal).toMatchObject({
      code: "VALIDATION_FAILED",
      fields: { obligations: "below_paid" },
    });
    const now = await who.zakat();
    expect(now.obligations.map((o) => obligationSchema.parse(o))).toMatchObject([
      { id: record.id, amount: "100.00", paidAmount: "80.00" },
    ]);
  });

  it("two syncs of one workspace at once: both answered, the one that ran last holds", async () => {
    const who = await tenant("sync-tx-race");
    const bodies = ["one", "two"].map((title) => ({
      milestones: Array.from({ length: 50 }, (_, n) => ({
        date: day(n),
        title: `${title} ${n}`,
        type: "due",
      })),
      obligations: [],
    }));
    const responses = await Promise.all(
      bodies.map((body) => who.user.json("POST", `${who.base}/zakat`, body)),
    );
    for (const response of responses) {
      const text = await response.clone().text();
      expect(response.status, text).toBe(200);
      expect(errorBodySchema.safeParse(JSON.parse(text)).success).toBe(false);
    }
    const answers = await Promise.all(
      responses.map(async (r) => zakatDataSchema.parse(await r.json())),
    );
    const now = await who.zakat();
    expect(answers.filter((answer) => JSON.stringify(answer) === JSON.stringify(now))).toHaveLength(
      1,
    );
    expect(now.milestones).toHaveLength(50);
  });
});
