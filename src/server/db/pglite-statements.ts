import { parse, protocol, type PGlite, type Results } from "@electric-sql/pglite";
import { concatBytes } from "../read-at-most.ts";
import type { RowMode } from "./pglite-protocol.ts";

// Named prepared statements for PGlite (decision 023): PGlite's query() parses and plans every
// statement again, so each SQL text is parsed once under a name and each run is one Bind/Execute,
// as node-postgres does on PostgreSQL; beyond `maxStatements` the least recently used are closed.
// A statement Postgres no longer knows (or whose plan no longer fits the schema) is parsed again;
// inside a transaction the error stands, since the transaction is aborted anyway.

const { serialize } = protocol;
const maxStatements = 500;

interface Statement {
  name: string;
  /** the parameters' types, as Postgres inferred them (for PGlite's serializers) */
  paramTypes: number[];
}

type Parsers = Record<number | string, (value: string, typeId?: number) => unknown>;

/** Errors after which the statement is parsed again: gone (26000), or its plan is stale. */
function isStale(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return (
    code === "26000" ||
    (code === "0A000" && typeof message === "string" && message.includes("cached plan"))
  );
}

export class PgliteStatements {
  readonly #client: PGlite;
  readonly #parsers: Parsers;
  /** by SQL text, least recently used first (a Map keeps insertion order) */
  readonly #statements = new Map<string, Statement>();
  /** names to close with the next Parse (stale statements) */
  readonly #closing: string[] = [];
  #next = 1;

  constructor(client: PGlite, parsers: Parsers) {
    this.#client = client;
    this.#parsers = parsers;
  }

  /**
   * Like PGlite's query() (same rows, fields and errors), through a named statement. The
   * caller holds PGlite's transaction lock (a query outside a transaction: use `run`), or is
   * inside a transaction, as tx.query() is.
   */
  async query(
    sql: string,
    params: unknown[],
    rowMode: RowMode,
    inTransaction: boolean,
  ): Promise<Results> {
    try {
      return await this.#run(sql, params, rowMode, inTransaction);
    } catch (error) {
      if (!isStale(error)) throw Object.assign(error as Error, { query: sql });
      const stale = this.#statements.get(sql);
      if (stale) this.#closing.push(stale.name);
      this.#statements.delete(sql);
      if (inTransaction) throw Object.assign(error as Error, { query: sql });
      return await this.#run(sql, params, rowMode, inTransaction);
    }
  }

  /** A query outside any transaction: waits for PGlite's transaction lock, as query() does. */
  async runAlone(sql: string, params: unknown[], rowMode: RowMode): Promise<Results> {
    // "PGlite is closed" once it is (what http/unavailable.ts reads as an outage)
    await this.#client._checkReady();
    return await this.#client._runExclusiveTransaction(() =>
      this.query(sql, params, rowMode, false),
    );
  }

  async #run(
    sql: string,
    params: unknown[],
    rowMode: RowMode,
    inTransaction: boolean,
  ): Promise<Results> {
    const client = this.#client;
    // PGlite's query lock: one protocol exchange at a time (as its own query() takes it)
    return await client.runExclusive(async () => {
      const statement = this.#statements.get(sql) ?? (await this.#prepare(sql));
      // most recently used last
      this.#statements.delete(sql);
      this.#statements.set(sql, statement);
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const serializer = client.serializers[statement.paramTypes[i]!];
        return serializer ? serializer(param) : String(param);
      });
      const { messages } = await client.execProtocol(
        concatBytes([
          serialize.bind({ statement: statement.name, values: values as string[] }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        // as query(): the files are synced after a statement outside a transaction
        { syncToFs: !inTransaction },
      );
      return parse.parseResults(messages, client.parsers, { rowMode, parsers: this.#parsers })[0]!;
    });
  }

  /** Parse + Describe under a new name (in the query lock), closing the oldest beyond the cap. */
  async #prepare(sql: string): Promise<Statement> {
    if (this.#statements.size >= maxStatements) {
      const [oldest, { name }] = this.#statements.entries().next().value!;
      this.#statements.delete(oldest);
      this.#closing.push(name);
    }
    const parts = this.#closing.splice(0).map((name) => serialize.close({ type: "S", name }));
    const name = `hawl_s${this.#next++}`;
    parts.push(
      serialize.parse({ name, text: sql }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    );
    const { messages } = await this.#client.execProtocol(concatBytes(parts), { syncToFs: false });
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(sql, statement);
    return statement;
  }
}
