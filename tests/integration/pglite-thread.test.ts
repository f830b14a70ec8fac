import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorBodySchema } from "../../src/contracts/errors.ts";
import { signUpAndSignIn, uniqueEmail, type SignedInUser } from "../helpers/accounts.ts";
import { createHash } from "node:crypto";
import type { Database } from "../../src/server/db/client.ts";
import { createTestDatabase, sharedPgliteStart, testEngine } from "../helpers/database.ts";
import { createTestApp, relaxedAuthLimits, type TestApp } from "../helpers/test-app.ts";

// PGlite runs in a worker thread (docs/decisions/017-pglite-in-a-worker-thread.md). What the
// proxy must keep from PGlite itself: errors with their SQLSTATE, transactions that commit or
// roll back whole, other queries waiting while one is open; and once the thread is gone, every
// request that needs the database answers 503 UNAVAILABLE while the process keeps serving.

describe.runIf(testEngine() === "pglite")("PGlite in its worker thread", () => {
  let testApp: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    testApp = await createTestApp({}, relaxedAuthLimits);
    user = await signUpAndSignIn(testApp, uniqueEmail("pglite-thread"));
  });
  afterAll(() => testApp.close());

  const db = () => testApp.database.db;

  it("keeps the SQLSTATE and the constraint of a failed query", async () => {
    const failure = await db()
      .execute(
        sql`insert into "user" (id, name, email, email_verified) values (${user.id}, 'x', 'y@example.test', true)`,
      )
      .catch((error: unknown) => error as { cause?: { code?: string; constraint?: string } });
    expect(failure).toMatchObject({ cause: { code: "23505", constraint: "user_pkey" } });
  });

  it("rolls a transaction back whole, and queries outside it wait until it ends", async () => {
    await db().execute(sql`create temporary table thread_probe (n int primary key)`);
    let outsideDone = false;
    const refused = db()
      .transaction(async (tx) => {
        await tx.execute(sql`insert into thread_probe values (1)`);
        // a query outside the transaction, sent while it is open: it sees the table only
        // after the rollback
        const outside = db()
          .execute(sql`select count(*)::int as n from thread_probe`)
          .then((result) => {
            outsideDone = true;
            return result;
          });
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(outsideDone).toBe(false);
        await tx.execute(sql`insert into thread_probe values (1)`);
        return outside;
      })
      .catch((error: unknown) => error);
    expect(await refused).toBeInstanceOf(Error);
    const after = await db().execute(sql`select count(*)::int as n from thread_probe`);
    expect((after as unknown as { rows: unknown[] }).rows).toEqual([{ n: 0 }]);
    expect(outsideDone).toBe(true);
  });

  it("parses a statement once and plans it once (decision 023)", async () => {
    const probe = (n: number) =>
      db().execute(sql`select count(*)::int as n from "user" where id = ${user.id} and ${n} > 0`);
    for (let i = 1; i <= 3; i++) await probe(i);
    const statements = await db().execute(
      sql`select generic_plans, custom_plans from pg_prepared_statements where statement like ${'%from "user" where id = $1 and $2 > 0'}`,
    );
    expect((statements as unknown as { rows: unknown[] }).rows).toEqual([
      { generic_plans: 3, custom_plans: 0 },
    ]);
  });

  it("answers 503 UNAVAILABLE once the thread is gone, and the process keeps serving", async () => {
    expect((await user.request("/api/workspaces")).status).toBe(200);
    await testApp.database.close();
    const response = await user.request("/api/workspaces");
    expect(response.status).toBe(503);
    expect(errorBodySchema.parse(await response.json()).error.code).toBe("UNAVAILABLE");
    expect((await testApp.request("/healthz")).status).toBe(200);
    expect((await testApp.request("/readyz")).status).toBe(503);
  });
});

// The tests' databases start from one snapshot in shared memory, with PGlite's WebAssembly
// compiled once (tests/helpers/database.ts, decision 036): each must still be a database of its
// own, and the snapshot the next one starts from must stay as it was.
describe.runIf(testEngine() === "pglite")("PGlite test databases from one shared start", () => {
  it("are apart from each other, and leave the shared snapshot as it was", async () => {
    const { snapshot } = await sharedPgliteStart();
    const digest = () => createHash("sha256").update(new Uint8Array(snapshot)).digest("hex");
    const before = digest();
    const count = async (database: Database) =>
      (
        (
          await database.executeSql(
            `select count(*)::int as n from workspaces where name = 'only in the first'`,
          )
        ).rows[0] as { n: number }
      ).n;
    const first = await createTestDatabase();
    try {
      await first.executeSql(`insert into workspaces (name) values ('only in the first')`);
      expect(await count(first)).toBe(1);
      // opened after the first one's write: the migrated snapshot, without that row
      const second = await createTestDatabase();
      try {
        expect(await count(second)).toBe(0);
        const { rows } = await second.executeSql(
          `select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect((rows[0] as { n: number }).n).toBeGreaterThan(0);
      } finally {
        await second.close();
      }
      expect(await count(first)).toBe(1);
    } finally {
      await first.close();
    }
    expect(digest()).toBe(before);
  });
});
