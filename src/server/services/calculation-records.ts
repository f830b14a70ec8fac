import { createHash } from "node:crypto";
import {
  uuidPattern,
  type Calculation,
  type CalculationSummary,
  type ParsedCalculationSave,
} from "../../contracts/calculations.ts";
import {
  toCalculateResponse,
  toZakatInput,
  type PriceBasis,
  type ResolvedBasis,
} from "../../contracts/calculate-convert.ts";
import type { ErrorBody } from "../../contracts/errors.ts";
import { calculateZakat } from "../../domain/zakat/calculate.ts";
import type { ZakatInput } from "../../domain/zakat/input.ts";
import {
  type CalculationRow,
  type CalculationSummaryRow,
  type CalculationValues,
} from "../db/repositories/calculations.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { isWorkspaceMilestone } from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { resolveCalculationBasis } from "../prices/basis.ts";
import type { PriceService } from "../prices/price-service.ts";
import { calculationDay } from "./calculate-zakat.ts";

// What the calculation use cases share: the membership rule, the server's own computation of
// the result, and the wire shapes of a stored row.

/** The fields of a save request that are the calculation itself (the rest is ignored or routing). */
export type CalculationSaveFields = Omit<ParsedCalculationSave, "id" | "version">;

/** A calculation id from the path: a UUID, else 400 INVALID_SESSION_ID (spec §5's message). */
export function calculationIdFromPath(id: string): string {
  if (!uuidPattern.test(id)) {
    throw new AppError(
      "INVALID_SESSION_ID",
      `Invalid session ID format: ${id}. Expected valid UUID format.`,
    );
  }
  return id.toLowerCase();
}

export function calculationNotFound(): AppError {
  return new AppError("NOT_FOUND", "Calculation not found.");
}

/**
 * The basis of a save: the calculation's day (`asOf`, else `calculationDate`, else today) and the
 * prices and rates the body leaves out, from the price source as of that day.
 */
export async function resolveSaveBasis(
  prices: PriceService,
  request: CalculationSaveFields,
  now: Date,
): Promise<{ basis: ResolvedBasis; priceBasis: PriceBasis }> {
  const today = isoDay(now);
  const asOf =
    request.asOf !== undefined
      ? calculationDay(request.asOf, now)
      : request.calculationDate !== undefined && request.calculationDate < today
        ? request.calculationDate
        : today;
  return resolveCalculationBasis(prices, request, asOf);
}

/** Today in UTC as YYYY-MM-DD. */
export function isoDay(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * The row to store for a save request: the inputs as the domain reads them (omitted sections
 * filled in, the methodology resolved) and the result the domain computes from them, rounded
 * half-up to the currency's minor unit exactly as POST /api/calculate answers. Whatever result
 * fields the request carried play no part.
 */
export function calculationValues(
  request: CalculationSaveFields,
  now: Date,
  resolved?: { basis: ResolvedBasis; priceBasis: PriceBasis },
): CalculationValues {
  const input = toZakatInput(request, resolved?.basis);
  const zakat = calculateZakat(input);
  const result = toCalculateResponse(zakat);
  // prices the server took from the source: their source and day are the ones to keep
  const sourced = request.prices === undefined ? resolved?.priceBasis.prices : undefined;
  return {
    name: request.name,
    calculationDate: request.calculationDate ?? request.asOf ?? isoDay(now),
    isCompleted: request.isCompleted,
    assetSelection: input.assetSelection,
    liabilitySelection: input.liabilitySelection,
    cashAmounts: input.cashAmounts,
    goldSilverAmounts: input.goldSilverAmounts,
    moneyOwedAmounts: input.moneyOwedAmounts,
    sharesBusinessAmounts: input.sharesBusinessAmounts,
    liabilityAmounts: input.liabilityAmounts,
    currency: input.currency,
    methodology: input.methodology,
    nissabMethod: input.methodology.nisabMethod,
    goldPricePerGram: input.prices.goldPerGram,
    silverPricePerGram: input.prices.silverPerGram,
    priceSource: sourced ? sourced.source : (request.priceSource ?? null),
    priceDate: sourced
      ? new Date(`${sourced.date}T00:00:00Z`)
      : request.priceDate
        ? new Date(request.priceDate)
        : null,
    rates: Object.keys(zakat.rates).length > 0 ? zakat.rates : null,
    milestoneId: request.milestoneId ?? null,
    totalAssets: result.totalAssets,
    totalLiabilities: result.totalLiabilities,
    zakatableAmount: result.zakatableAmount,
    zakatDue: result.zakatDue,
    nissabValue: result.nissabValue,
    isAboveNissab: result.isAboveNissab,
  };
}

/**
 * A calculation saved "for this date" names a milestone of its own workspace: another
 * workspace's id, or one that does not exist, is refused (400), so a saved calculation never
 * points into a workspace its members cannot see.
 */
export async function assertOwnMilestone(
  db: Executor,
  workspaceId: string,
  milestoneId: string | null | undefined,
): Promise<void> {
  if (milestoneId === undefined || milestoneId === null) return;
  if (!(await isWorkspaceMilestone(db, workspaceId, milestoneId.toLowerCase()))) {
    throw new AppError("VALIDATION_FAILED", "This milestone is not one of the workspace's.", {
      fields: { milestoneId: "unknown_milestone" },
    });
  }
}

const savedFieldNames = [
  "id",
  "version",
  "name",
  "isCompleted",
  "calculationDate",
  "priceSource",
  "priceDate",
  "currency",
  "prices",
  "methodology",
  "assetSelection",
  "liabilitySelection",
  "cashAmounts",
  "goldSilverAmounts",
  "moneyOwedAmounts",
  "sharesBusinessAmounts",
  "liabilityAmounts",
] as const;
/** Fields of decision 022: hashed only when given, so a key's hash from before stays the same. */
const laterFieldNames = ["asOf", "rates", "milestoneId"] as const;

/**
 * A fingerprint of what a save request asks for (its parsed fields, echoed result fields left
 * out): the same Idempotency-Key with another request is refused.
 */
export function saveRequestHash(request: ParsedCalculationSave): string {
  const kept = Object.fromEntries([
    ...savedFieldNames.map((k) => [k, request[k] ?? null]),
    ...laterFieldNames.filter((k) => request[k] != null).map((k) => [k, request[k]]),
  ]);
  return createHash("sha256").update(JSON.stringify(kept)).digest("hex");
}

export function toCalculationSummary(row: CalculationSummaryRow): CalculationSummary {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    calculationDate: row.calculationDate,
    isCompleted: row.isCompleted,
    currency: row.currency,
    createdBy: row.userId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    totalAssets: row.totalAssets,
    totalLiabilities: row.totalLiabilities,
    zakatableAmount: row.zakatableAmount,
    nissabValue: row.nissabValue,
    isAboveNissab: row.isAboveNissab,
    zakatDue: row.zakatDue,
  };
}

/** The inputs a stored calculation was computed from, as the domain reads them. */
export function storedZakatInput(row: CalculationRow): ZakatInput {
  return {
    currency: row.currency,
    prices: { goldPerGram: row.goldPricePerGram, silverPerGram: row.silverPricePerGram },
    methodology: row.methodology,
    assetSelection: row.assetSelection,
    liabilitySelection: row.liabilitySelection,
    cashAmounts: row.cashAmounts,
    goldSilverAmounts: row.goldSilverAmounts,
    moneyOwedAmounts: row.moneyOwedAmounts,
    sharesBusinessAmounts: row.sharesBusinessAmounts,
    liabilityAmounts: row.liabilityAmounts,
    ...(row.rates ? { rates: row.rates } : {}),
  };
}

export function toCalculation(row: CalculationRow): Calculation {
  const summary = toCalculationSummary(row);
  return {
    id: summary.id,
    version: summary.version,
    name: summary.name,
    calculationDate: summary.calculationDate,
    isCompleted: summary.isCompleted,
    ...storedZakatInput(row),
    priceSource: (row.priceSource as Calculation["priceSource"]) ?? null,
    priceDate: row.priceDate ? row.priceDate.toISOString() : null,
    ...(row.milestoneId ? { milestoneId: row.milestoneId } : {}),
    totalAssets: summary.totalAssets,
    totalLiabilities: summary.totalLiabilities,
    zakatableAmount: summary.zakatableAmount,
    nissabValue: summary.nissabValue,
    isAboveNissab: summary.isAboveNissab,
    zakatDue: summary.zakatDue,
    createdBy: summary.createdBy,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
  };
}

/**
 * 409 VERSION_CONFLICT for a stale `version`: the body also carries the version now stored and
 * the calculation as it is, so the UI can offer "reload" (show `current`) or "overwrite" (save
 * again with `currentVersion`).
 */
export class CalculationVersionConflict extends AppError {
  readonly current: Calculation;

  constructor(current: Calculation) {
    super(
      "VERSION_CONFLICT",
      `This calculation was changed in the meantime (now version ${current.version}). ` +
        "Reload it, or save again with that version to overwrite it.",
    );
    this.current = current;
  }

  override toBody(): ErrorBody {
    const { error } = super.toBody();
    return {
      error: { ...error, currentVersion: this.current.version, current: this.current },
    } as ErrorBody;
  }
}
