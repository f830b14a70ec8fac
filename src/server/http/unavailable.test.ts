import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./unavailable.ts";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailable", () => {
  it.each<[string, unknown, boolean]>([
    ["connection refused", coded("ECONNREFUSED"), true],
    ["connection reset", coded("ECONNRESET"), true],
    [
      "admin shutdown 57P01",
      coded("57P01", "terminating connection due to administrator command"),
      true,
    ],
    ["cannot connect now 57P03", coded("57P03", "the database system is starting up"), true],
    ["connection exception 08006", coded("08006"), true],
    ["too many connections", coded("53300"), true],
    ["database dropped 3D000", coded("3D000", 'database "hawl" does not exist'), true],
    ["database dropped 57P04", coded("57P04"), true],
    ["idle in transaction timeout 25P03", coded("25P03"), true],
    ["client closed", new Error("Client was closed and is not queryable"), true],
    [
      "not queryable after a lost connection",
      new Error("Client has encountered a connection error and is not queryable"),
      true,
    ],
    ["pool timeout", new Error("timeout exceeded when trying to connect"), true],
    ["terminated", new Error("Connection terminated unexpectedly"), true],
    [
      "wrapped by drizzle",
      new Error("Failed query: select 1", { cause: coded("ECONNREFUSED") }),
      true,
    ],
    ["aggregate", Object.assign(new AggregateError([coded("ECONNREFUSED")]), {}), true],
    ["unique violation", coded("23505", "duplicate key value"), false],
    ["syntax error", coded("42601"), false],
    ["plain bug", new TypeError("x is undefined"), false],
    ["not an error", "ECONNREFUSED", false],
    ["null", null, false],
  ])("%s → %s", (_name, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});
