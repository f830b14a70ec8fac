import {
  classifyCalculationId,
  invalidSessionIdMessage,
  type Calculation,
  type ParsedCalculationSave,
} from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import type { PriceService } from "../prices/price-service.ts";
import {
  claimIdempotencyKey,
  findCalculation,
  insertCalculation,
  recordIdempotentResponse,
  updateCalculation,
} from "../db/repositories/calculations.ts";
import { AppError } from "../errors.ts";
import {
  assertOwnMilestone,
  calculationNotFound,
  calculationValues,
  resolveSaveBasis,
  CalculationVersionConflict,
  saveRequestHash,
  toCalculation,
} from "./calculation-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

export interface SaveCalculationResult {
  /** 201 created, 200 updated */
  status: 200 | 201;
  calculation: Calculation;
  /** true when this is the stored answer to an earlier request with the same Idempotency-Key */
  replayed: boolean;
}

/**
 * POST /api/workspaces/:ws/calculations (spec §5 "Saving a calculation"). The id decides: none,
 * empty or `local_…` inserts; a UUID updates that calculation of this workspace (404 if there is
 * none), compare-and-set on `version` when the request gives one; anything else is 400
 * INVALID_SESSION_ID. The server computes the result from the inputs. With an Idempotency-Key,
 * the first answer for that key in the workspace is stored in the same transaction and every
 * later request with the key gets it back, creating nothing (the same key with another body:
 * 409 CONFLICT). Everything runs in one transaction: a refusal stores nothing.
 */
export async function saveCalculation(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  request: ParsedCalculationSave;
  idempotencyKey?: string;
  now: Date;
  prices: PriceService;
}): Promise<SaveCalculationResult> {
  const { db, userId, request, idempotencyKey } = options;
  const workspaceId = options.workspaceId.toLowerCase();
  const resolved = await resolveSaveBasis(options.prices, request, options.now);
  const values = calculationValues(request, options.now, resolved);
  const requestHash = idempotencyKey === undefined ? "" : saveRequestHash(request);

  return db.transaction(async (tx) => {
    await assertWorkspaceMember(tx, { workspaceId, userId });
    await assertOwnMilestone(tx, workspaceId, request.milestoneId);
    const target = classifyCalculationId(request.id);
    if (target.kind === "invalid") {
      throw new AppError("INVALID_SESSION_ID", invalidSessionIdMessage(target.id));
    }

    if (idempotencyKey !== undefined) {
      const claim = await claimIdempotencyKey(tx, {
        workspaceId,
        key: idempotencyKey,
        requestHash,
      });
      if (!claim.claimed) {
        const { record } = claim;
        if (record.requestHash !== requestHash) {
          throw new AppError(
            "CONFLICT",
            "This Idempotency-Key was already used for a different request.",
          );
        }
        if (record.responseStatus === null || record.responseBody === null) {
          throw new AppError("CONFLICT", "A request with this Idempotency-Key is in progress.");
        }
        return {
          status: record.responseStatus as 200 | 201,
          calculation: record.responseBody as Calculation,
          replayed: true,
        };
      }
    }

    let result: SaveCalculationResult;
    if (target.kind === "insert") {
      const row = await insertCalculation(tx, { ...values, workspaceId, userId });
      result = { status: 201, calculation: toCalculation(row), replayed: false };
    } else {
      const row = await updateCalculation(
        tx,
        { workspaceId, id: target.id, expectedVersion: request.version },
        values,
      );
      if (!row) {
        const current = await findCalculation(tx, workspaceId, target.id);
        if (!current) throw calculationNotFound();
        throw new CalculationVersionConflict(toCalculation(current));
      }
      result = { status: 200, calculation: toCalculation(row), replayed: false };
    }

    if (idempotencyKey !== undefined) {
      await recordIdempotentResponse(tx, {
        workspaceId,
        key: idempotencyKey,
        calculationId: result.calculation.id,
        responseStatus: result.status,
        responseBody: result.calculation,
      });
    }
    return result;
  });
}
