// Whether an error means "the database cannot be reached right now" (→ 503 UNAVAILABLE) rather
// than a bug (→ 500). Drizzle wraps driver errors (DrizzleQueryError.cause), Node wraps
// multi-address connect failures (AggregateError.errors): walk them all.

const networkCodes = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

// PostgreSQL SQLSTATEs: class 08 connection exception; 57P01 admin shutdown (also
// pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect now (starting up /
// shutting down), 57P04 database dropped, 57P05 idle session timeout; 25P03 idle in
// transaction session timeout; 3D000 the database does not exist (dropped under the server);
// 53300 too many connections.
const unavailableSqlStates = new Set([
  "57P01",
  "57P02",
  "57P03",
  "57P04",
  "57P05",
  "25P03",
  "3D000",
  "53300",
]);

// node-postgres and pg-pool report these without a code.
const messagePatterns = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /connection timeout/i,
  /client has encountered a connection error/i,
  /client was closed and is not queryable/i,
  /cannot use a pool after calling end/i,
  /pglite is closed/i,
];

export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 8) return false;
  const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === "string") {
    if (networkCodes.has(e.code) || unavailableSqlStates.has(e.code)) return true;
    if (/^08[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  if (typeof e.message === "string" && messagePatterns.some((p) => p.test(e.message as string))) {
    return true;
  }
  if (
    Array.isArray(e.errors) &&
    e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))
  ) {
    return true;
  }
  return isDatabaseUnavailable(e.cause, depth + 1);
}
