import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PgliteStatements } from "./pglite-statements.ts";

// The worker's named statements (decision 023) against a real PGlite in this process: the
// same answers and errors as PGlite's own query(), each text parsed once.

describe("PgliteStatements", () => {
  let client: PGlite;
  let statements: PgliteStatements;

  beforeAll(async () => {
    client = await PGlite.create();
    statements = new PgliteStatements(client, {});
    await client.exec(
      "create table t (id int primary key, v text not null, amount numeric, at date default '2026-01-02')",
    );
    // PGlite's initdb: seconds on a busy machine, past the 10 s default there
  }, 60_000);
  afterAll(() => client.close());

  const prepared = async () =>
    (await client.query<{ n: number }>("select count(*)::int as n from pg_prepared_statements"))
      .rows[0]!.n;

  it("answers as query() does: rows in both modes, fields, affected rows", async () => {
    const insert = "insert into t (id, v, amount) values ($1, $2, $3) returning *";
    const mine = await statements.runAlone(insert, [1, "a", "1.50"], "object");
    expect(mine.rows).toEqual([{ id: 1, v: "a", amount: "1.50", at: new Date("2026-01-02") }]);
    const select = "select id, v, amount from t where id = $1";
    for (const rowMode of ["object", "array"] as const) {
      const theirs = await client.query(select, [1], { rowMode });
      const ours = await statements.runAlone(select, [1], rowMode);
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
    }
    const update = await statements.runAlone(
      "update t set v = $1 where id > $2",
      ["b", 0],
      "array",
    );
    expect(update.affectedRows).toBe(1);
  });

  it("parses a text once, and runs it again with other parameters", async () => {
    const before = await prepared();
    const select = "select v from t where id = $1 or $2::boolean";
    expect((await statements.runAlone(select, [1, false], "array")).rows).toEqual([["b"]]);
    expect((await statements.runAlone(select, [99, false], "array")).rows).toEqual([]);
    expect((await statements.runAlone(select, [99, null], "array")).rows).toEqual([]);
    expect(await prepared()).toBe(before + 1);
  });

  it("keeps a failed statement's SQLSTATE, constraint and text; the statement stays usable", async () => {
    const insert = "insert into t (id, v) values ($1, $2)";
    const failure = await statements
      .runAlone(insert, [1, "again"], "object")
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: "23505", constraint: "t_pkey", query: insert });
    await statements.runAlone(insert, [2, "two"], "object");
    const syntax = await statements.runAlone("selec 1", [], "object").catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: "42601" });
    expect((await statements.runAlone("select 1 as x", [], "object")).rows).toEqual([{ x: 1 }]);
  });

  it("keeps a statement first parsed inside a transaction that rolled back", async () => {
    const insert = "insert into t (id, v) values ($1, $2) returning id";
    const rolledBack = await client
      .transaction(async () => {
        await statements.query(insert, [3, "three"], "array", true);
        throw new Error("roll back");
      })
      .catch((error: unknown) => error);
    expect(rolledBack).toMatchObject({ message: "roll back" });
    expect((await statements.runAlone(insert, [3, "three"], "array")).rows).toEqual([[3]]);
  });

  it("answers with the table as it is after the schema changed under a parsed statement", async () => {
    const select = "select * from t where id = $1";
    expect(Object.keys((await statements.runAlone(select, [2], "object")).rows[0]!)).toHaveLength(
      4,
    );
    await client.exec("alter table t drop column amount");
    expect((await statements.runAlone(select, [2], "object")).rows).toEqual([
      { id: 2, v: "two", at: new Date("2026-01-02") },
    ]);
  });

  it("closes the least recently used statements beyond 500", async () => {
    for (let i = 0; i < 520; i++) {
      await statements.runAlone(`select ${i} as n, $1::int as m`, [i], "array");
    }
    expect(await prepared()).toBe(500);
    // the most recent ones are still there; an early one is parsed again
    expect((await statements.runAlone("select 519 as n, $1::int as m", [1], "array")).rows).toEqual(
      [[519, 1]],
    );
    expect((await statements.runAlone("select 0 as n, $1::int as m", [1], "array")).rows).toEqual([
      [0, 1],
    ]);
    expect(await prepared()).toBe(500);
  });
});
