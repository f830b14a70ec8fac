import type { Calculation, ParsedCalculationSave } from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import type { PriceService } from "../prices/price-service.ts";
import { findCalculation, updateCalculation } from "../db/repositories/calculations.ts";
import {
  assertOwnMilestone,
  calculationIdFromPath,
  calculationNotFound,
  calculationValues,
  resolveSaveBasis,
  CalculationVersionConflict,
  toCalculation,
  type CalculationSaveFields,
} from "./calculation-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/**
 * PUT /api/workspaces/:ws/calculations/:id: overwrites the calculation if it still has
 * `version` (one UPDATE … WHERE version = $v, which bumps it); otherwise 409 VERSION_CONFLICT
 * with the version and state now stored, or 404 when it is gone. The server recomputes the
 * result from the inputs.
 */
export async function updateCalculationById(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  id: string;
  request: CalculationSaveFields & { version: number };
  now: Date;
  prices: PriceService;
}): Promise<Calculation> {
  const { db, userId, request } = options;
  const workspaceId = options.workspaceId.toLowerCase();
  const save = request as ParsedCalculationSave;
  const resolved = await resolveSaveBasis(options.prices, save, options.now);
  const values = calculationValues(save, options.now, resolved);
  return db.transaction(async (tx) => {
    await assertWorkspaceMember(tx, { workspaceId, userId });
    await assertOwnMilestone(tx, workspaceId, save.milestoneId);
    const id = calculationIdFromPath(options.id);
    const row = await updateCalculation(
      tx,
      { workspaceId, id, expectedVersion: request.version },
      values,
    );
    if (row) return toCalculation(row);
    const current = await findCalculation(tx, workspaceId, id);
    if (!current) throw calculationNotFound();
    throw new CalculationVersionConflict(toCalculation(current));
  });
}
