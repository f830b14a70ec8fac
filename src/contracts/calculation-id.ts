// What a saved calculation's id means (spec §5), apart from calculations.ts's schemas: the
// calculator reads it on its first load, which carries no zod's full API (decision 035).

/** Any UUID (PostgreSQL's `uuid` input form, case-insensitive); not only RFC 4122 variants. */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec §5: the message for an id that is neither empty, `local_…`, nor a UUID. */
export const invalidSessionIdMessage = (id: string) =>
  `Invalid session ID format: ${id}. Expected valid UUID format.`;

/**
 * Spec §5 "Saving a calculation": what an id means. `insert` for none, empty or `local_…` (a
 * guest's or an unsaved session's local id), `update` for a UUID, `invalid` for anything else.
 */
export function classifyCalculationId(
  id: string | null | undefined,
): { kind: "insert" } | { kind: "update"; id: string } | { kind: "invalid"; id: string } {
  if (id === undefined || id === null || id === "" || id.startsWith("local_")) {
    return { kind: "insert" };
  }
  if (uuidPattern.test(id)) return { kind: "update", id: id.toLowerCase() };
  return { kind: "invalid", id };
}
