import { z } from "zod";
import { currencyCodes } from "../domain/money/currency.ts";
import { calculateRequestSchema, methodologySchema, usedRateSchema } from "./calculate.ts";
import { isoTimestamp } from "./common.ts";

// Saved calculations (API.md "calculations", spec §3, §5, §7 zakat_calculations).
// A saved calculation is POST /api/calculate's body plus `name`, `isCompleted`, an optional
// `calculationDate`, and `version` on update. The server computes and stores the result fields
// itself: result fields a client sends along are accepted and ignored.

/** History pages hold 10 (spec §9). */
export const calculationPageSize = 10;
/** `?latest=N`: at most 20 (API.md). */
export const maxLatestCalculations = 20;

// A calculation's id (calculation-id.ts, without zod: the calculator's first load reads it).
export { classifyCalculationId, invalidSessionIdMessage, uuidPattern } from "./calculation-id.ts";

/** Where the prices came from: GET /api/prices's sources, or typed by hand (offline mode). */
export const calculationPriceSourceSchema = z.enum(["live", "cache", "default", "manual"]);

const ignored = z
  .unknown()
  .optional()
  .meta({ description: "Ignored: the server computes every result field itself." });

/** Result fields a client may echo back (a read sent again as an update); never trusted. */
const ignoredResultFields = {
  totalAssets: ignored,
  totalLiabilities: ignored,
  zakatableAmount: ignored,
  nissabValue: ignored,
  goldNissabValue: ignored,
  silverNissabValue: ignored,
  isAboveNissab: ignored,
  zakatDue: ignored,
  rate: ignored,
  lines: ignored,
  createdAt: ignored,
  updatedAt: ignored,
  createdBy: ignored,
};

const calculationFields = {
  name: z.string().trim().min(1, "required").max(200, "too_long"),
  isCompleted: z.boolean().default(false),
  /** the day the calculation is for; today (UTC) when omitted */
  calculationDate: z.iso.date().optional(),
  priceSource: calculationPriceSourceSchema.nullable().optional(),
  /** when the prices were fetched or last edited (ISO date or timestamp) */
  priceDate: z.union([z.iso.date(), isoTimestamp]).nullable().optional(),
  /** the tracker milestone this calculation is for ("Calculate for this date", decision 022) */
  milestoneId: z.uuid().nullable().optional(),
};

/**
 * POST /api/workspaces/:ws/calculations. `id` (spec §5): omitted, empty or `local_…` creates;
 * a UUID updates that calculation (with `version`: only if it is still that version); anything
 * else is refused with 400 INVALID_SESSION_ID.
 */
export const createCalculationRequestSchema = calculateRequestSchema.extend({
  ...calculationFields,
  id: z.string().max(200, "too_long").nullable().optional(),
  version: z.number().int().min(1).optional(),
  ...ignoredResultFields,
});
export type CreateCalculationRequest = z.input<typeof createCalculationRequestSchema>;

/** PUT /api/workspaces/:ws/calculations/:id: the whole calculation and the version it was read at. */
export const updateCalculationRequestSchema = calculateRequestSchema.extend({
  ...calculationFields,
  version: z.number().int().min(1),
  /** the path says which one; an id here is ignored */
  id: ignored,
  ...ignoredResultFields,
});
export type UpdateCalculationRequest = z.input<typeof updateCalculationRequestSchema>;

/** What the server keeps of a save request: the calculation's inputs and its own fields. */
export type ParsedCalculationSave = z.output<typeof createCalculationRequestSchema>;

const money = z.string().meta({ examples: ["327.50"] });

/** The result fields, computed and rounded by the server (as POST /api/calculate answers them). */
const resultFields = {
  totalAssets: money,
  totalLiabilities: money,
  zakatableAmount: money,
  nissabValue: money,
  isAboveNissab: z.boolean(),
  zakatDue: money,
};

const recordFields = {
  id: z.uuid(),
  version: z.number().int(),
  name: z.string(),
  calculationDate: z.iso.date(),
  isCompleted: z.boolean(),
  currency: z.enum(currencyCodes),
  /** the member who saved it first; null once that account is deleted */
  createdBy: z.string().nullable(),
  createdAt: isoTimestamp,
  updatedAt: isoTimestamp,
};

const inputs = calculateRequestSchema.shape;

/** GET /api/workspaces/:ws/calculations/:id: the body as saved, the result, id, version. */
export const calculationSchema = z.object({
  ...recordFields,
  prices: z.object({ goldPerGram: z.string(), silverPerGram: z.string() }),
  priceSource: calculationPriceSourceSchema.nullable(),
  priceDate: isoTimestamp.nullable(),
  /** resolved: every field of the preset in force when it was saved */
  methodology: methodologySchema,
  assetSelection: inputs.assetSelection.unwrap(),
  liabilitySelection: inputs.liabilitySelection.unwrap(),
  cashAmounts: inputs.cashAmounts,
  goldSilverAmounts: inputs.goldSilverAmounts,
  moneyOwedAmounts: inputs.moneyOwedAmounts,
  sharesBusinessAmounts: inputs.sharesBusinessAmounts,
  liabilityAmounts: inputs.liabilityAmounts,
  /** the rates that converted amounts in other currencies (absent: every amount in `currency`) */
  rates: z.partialRecord(z.enum(currencyCodes), usedRateSchema).optional(),
  /** the tracker milestone it was calculated for, if any */
  milestoneId: z.uuid().optional(),
  ...resultFields,
});
export type Calculation = z.infer<typeof calculationSchema>;

/** One row of the history and of the dashboard's recent list (load the whole one by id). */
export const calculationSummarySchema = z.object({ ...recordFields, ...resultFields });
export type CalculationSummary = z.infer<typeof calculationSummarySchema>;

const positiveIntegerText = (max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, "not_a_positive_integer")
    .transform(Number)
    .pipe(z.number().int().min(1, "too_small").max(max, "too_large"));

/** `?page=N` (1 when omitted) or `?latest=N` (1 ≤ N ≤ 20), not both. */
export const calculationListQuerySchema = z
  .object({
    page: positiveIntegerText(100_000_000).optional(),
    latest: positiveIntegerText(maxLatestCalculations).optional(),
  })
  .refine((q) => q.page === undefined || q.latest === undefined, {
    message: "page_or_latest",
    path: ["latest"],
  });
export type CalculationListQuery = z.output<typeof calculationListQuerySchema>;

/**
 * A history page, newest first (created_at, then id), with the exact count. `totalPages` is
 * ceil(totalCount / 10): 0 when there is none. A page past the end is empty. With `?latest=N`:
 * the N newest, `page` 1, the same counts.
 */
export const calculationListSchema = z.object({
  calculations: z.array(calculationSummarySchema),
  totalCount: z.number().int(),
  totalPages: z.number().int(),
  page: z.number().int(),
});
export type CalculationList = z.infer<typeof calculationListSchema>;

/** 409 VERSION_CONFLICT: the error body plus the version (and state) now stored. */
export const calculationVersionConflictSchema = z.object({
  error: z.object({
    code: z.literal("VERSION_CONFLICT"),
    message: z.string(),
    currentVersion: z.number().int(),
    current: calculationSchema,
  }),
});

/** The CSV export's columns, in order (GET …/calculations.csv). */
export const calculationCsvColumns = [
  "Name",
  "Date",
  "Status",
  "Currency",
  "Total assets",
  "Total liabilities",
  "Zakatable amount",
  "Nisab value",
  "Above nisab",
  "Zakat due",
  "Created at",
] as const;
