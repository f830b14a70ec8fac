import { createCalculationRequestSchema } from "#contracts/calculations.ts";
import { PENDING_MIGRATION_KEY, readKey, removeKey, writeKey } from "~/lib/storage-keys";
import { ApiError } from "~/lib/api-client";
import { toCalculateRequest } from "./compute";
import type { Draft } from "./draft";
import { toSaveBody, type SaveBody } from "./saved";

// Spec §4 "Calculator mode": a guest calculation can be migrated to a new account. When a guest
// leaves the save prompt for sign-up or sign-in, what it takes to save their calculation later
// waits in this browser under `pending_calculation_migration` (spec §8, cleared on sign-out);
// once they are signed in it is created in their workspace (hooks/use-guest-migration.ts).

export { PENDING_MIGRATION_KEY };

export interface PendingMigration {
  version: 1;
  /** sent as Idempotency-Key: a replay, a retry or a second tab never makes a second copy */
  idempotencyKey: string;
  /** when the guest asked for it (ISO) */
  createdAt: string;
  /**
   * The workspace of the first attempt: a retry goes to the same one, so a create whose answer
   * was lost is answered from the server's idempotency record instead of made again elsewhere.
   */
  workspaceId: string | null;
  /** the POST body (name and completion decided when the guest asked) */
  body: SaveBody;
}

/**
 * What to keep for `draft`, or null when it cannot be saved (prices missing, unreadable amount).
 * The record already stored for the very same body is kept as it is (same Idempotency-Key), so
 * asking twice never gives two copies.
 */
export function pendingMigrationFor(
  draft: Draft,
  options: { name: string; isCompleted: boolean; idempotencyKey: string; now?: Date },
  existing: PendingMigration | null = null,
): PendingMigration | null {
  const body = toSaveBody(draft, { name: options.name, isCompleted: options.isCompleted });
  if (typeof body === "string") return null;
  if (existing && canonical(existing.body) === canonical(body)) return existing;
  return {
    version: 1,
    idempotencyKey: options.idempotencyKey,
    createdAt: (options.now ?? new Date()).toISOString(),
    workspaceId: null,
    body,
  };
}

const idempotencyKeyPattern = /^[\x21-\x7e]{1,255}$/;

/** The stored record, or null when there is none or it is not one (it is then useless). */
export function parsePendingMigration(raw: string | null): PendingMigration | null {
  if (!raw) return null;
  let value: Partial<PendingMigration> | null;
  try {
    value = JSON.parse(raw) as Partial<PendingMigration> | null;
  } catch {
    return null;
  }
  if (
    typeof value !== "object" ||
    value === null ||
    value.version !== 1 ||
    typeof value.idempotencyKey !== "string" ||
    !idempotencyKeyPattern.test(value.idempotencyKey) ||
    typeof value.createdAt !== "string" ||
    Number.isNaN(Date.parse(value.createdAt)) ||
    !(value.workspaceId === null || typeof value.workspaceId === "string") ||
    !createCalculationRequestSchema.safeParse(value.body).success
  ) {
    return null;
  }
  return value as PendingMigration;
}

export function readPendingMigration(): PendingMigration | null {
  return parsePendingMigration(readKey(PENDING_MIGRATION_KEY));
}

export function writePendingMigration(pending: PendingMigration): void {
  writeKey(PENDING_MIGRATION_KEY, JSON.stringify(pending));
}

/**
 * Removes the record once it is settled; only the one with `idempotencyKey` (another tab may
 * have stored a newer calculation meanwhile), or an unreadable one.
 */
export function removePendingMigration(idempotencyKey: string): void {
  const raw = readKey(PENDING_MIGRATION_KEY);
  const stored = parsePendingMigration(raw);
  if (raw !== null && (stored === null || stored.idempotencyKey === idempotencyKey)) {
    removeKey(PENDING_MIGRATION_KEY);
  }
}

/**
 * What a failed POST means for the pending calculation: `retry` keeps it for the next load
 * (network, 5xx, 401, 403, 409, 429); `retarget` keeps it but forgets the workspace
 * (404: not a member of it any more, so the next attempt uses the current one); `drop` removes
 * it (a request the server refuses as such will never succeed).
 */
export function migrationFailure(error: unknown): "retry" | "retarget" | "drop" {
  if (!(error instanceof ApiError)) return "retry";
  if (error.status === 404) return "retarget";
  if ([400, 413, 415, 422].includes(error.status)) return "drop";
  return "retry";
}

/** JSON with object keys sorted, so two equal values always give the same text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/** The person's entries of a calculation (everything but prices, name and completion). */
function entriesOf(request: {
  currency: unknown;
  methodology?: unknown;
  assetSelection?: unknown;
  liabilitySelection?: unknown;
  cashAmounts?: unknown;
  goldSilverAmounts?: unknown;
  moneyOwedAmounts?: unknown;
  sharesBusinessAmounts?: unknown;
  liabilityAmounts?: unknown;
}): string {
  return canonical({
    currency: request.currency,
    methodology: request.methodology,
    assetSelection: request.assetSelection,
    liabilitySelection: request.liabilitySelection,
    cashAmounts: request.cashAmounts,
    goldSilverAmounts: request.goldSilverAmounts,
    moneyOwedAmounts: request.moneyOwedAmounts,
    sharesBusinessAmounts: request.sharesBusinessAmounts,
    liabilityAmounts: request.liabilityAmounts,
  });
}

/**
 * Whether `draft` holds the entries that were migrated as `body`, so the calculator's session
 * can be linked to the saved calculation. Prices are left out: online mode refreshes them after
 * sign-in, and auto-save then sends the new ones.
 */
export function holdsMigratedEntries(draft: Draft, body: SaveBody): boolean {
  // any readable prices: only the entries are compared
  const request = toCalculateRequest({
    ...draft,
    settings: { ...draft.settings, goldPriceText: "1", silverPriceText: "1" },
  });
  if (typeof request === "string") return false;
  return entriesOf(request) === entriesOf(body);
}
