import {
  calculationListQuerySchema,
  calculationListSchema,
  calculationSchema,
  calculationVersionConflictSchema,
  createCalculationRequestSchema,
  updateCalculationRequestSchema,
} from "../calculations.ts";
import { endpoint } from "./types.ts";

// A workspace's saved calculations (spec §5 "Saving a calculation").
export const listCalculations = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/calculations",
  summary:
    "History of saved calculations, newest first (created_at, then id): `?page=N` (default 1), " +
    "10 a page with the exact count, totalPages = ceil(totalCount / 10) (0 when empty), a page " +
    "past the end is empty; or `?latest=N` (1 ≤ N ≤ 20), the N newest. Members only (404 " +
    "otherwise)",
  tag: "calculator",
  auth: "session",
  query: calculationListQuerySchema,
  responses: { 200: { description: "A page", schema: calculationListSchema } },
  errors: [404],
});

export const saveCalculation = endpoint({
  method: "post",
  path: "/api/workspaces/{ws}/calculations",
  summary:
    "Save a calculation: POST /api/calculate's body plus name, isCompleted, optional " +
    "calculationDate (default today, UTC), priceSource and priceDate. `id` omitted, empty or " +
    "`local_…` creates (201); a UUID updates that calculation (200; 404 if it is not in this " +
    "workspace; with `version`, only if still that version, else 409 VERSION_CONFLICT); any " +
    "other id is 400 INVALID_SESSION_ID. The server computes every result field from the " +
    "inputs; result fields sent along are ignored. Optional `Idempotency-Key` header (1–255 " +
    "visible ASCII characters): a repeat with the same key in the workspace answers the first " +
    "answer again (header `Idempotent-Replayed: true`) and creates nothing; the same key with " +
    "another body is 409 CONFLICT",
  tag: "calculator",
  auth: "session",
  body: createCalculationRequestSchema,
  responses: {
    200: { description: "Updated (a UUID id)", schema: calculationSchema },
    201: { description: "Created", schema: calculationSchema },
    409: {
      description: "Stale version: the current version and state",
      schema: calculationVersionConflictSchema,
    },
  },
  errors: [404],
});

export const exportCalculationsCsv = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/calculations.csv",
  summary:
    "The history as CSV (text/csv; UTF-8 with BOM; CRLF; RFC 4180 quoting), newest first: " +
    "Name, Date, Status (Completed/Draft), Currency, Total assets, Total liabilities, " +
    "Zakatable amount, Nisab value, Above nisab (yes/no), Zakat due, Created at. A cell " +
    "starting with = + - @, tab or CR is prefixed with an apostrophe (no formula injection)",
  tag: "calculator",
  auth: "session",
  responses: { 200: { description: "text/csv attachment" } },
  errors: [404],
});

export const getCalculation = endpoint({
  method: "get",
  path: "/api/workspaces/{ws}/calculations/{id}",
  summary: "One saved calculation: its body, result fields, id and version",
  tag: "calculator",
  auth: "session",
  responses: { 200: { description: "The calculation", schema: calculationSchema } },
  errors: [400, 404],
});

export const updateCalculation = endpoint({
  method: "put",
  path: "/api/workspaces/{ws}/calculations/{id}",
  summary:
    "Replace a saved calculation; the body carries the `version` it was read at. Stale → 409 " +
    "VERSION_CONFLICT with currentVersion and current (reload, or save again with " +
    "currentVersion to overwrite); non-UUID id → 400 INVALID_SESSION_ID; the result is " +
    "recomputed by the server",
  tag: "calculator",
  auth: "session",
  body: updateCalculationRequestSchema,
  responses: {
    200: { description: "Updated (version + 1)", schema: calculationSchema },
    409: {
      description: "Stale version: the current version and state",
      schema: calculationVersionConflictSchema,
    },
  },
  errors: [404],
});

export const deleteCalculation = endpoint({
  method: "delete",
  path: "/api/workspaces/{ws}/calculations/{id}",
  summary: "Delete a saved calculation",
  tag: "calculator",
  auth: "session",
  responses: { 204: { description: "Deleted" } },
  errors: [400, 404],
});

export const calculationEndpoints = [
  listCalculations,
  saveCalculation,
  exportCalculationsCsv,
  getCalculation,
  updateCalculation,
  deleteCalculation,
];
