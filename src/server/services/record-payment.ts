import { uuidPattern } from "../../contracts/calculations.ts";
import type { ObligationDto } from "../../contracts/zakat.ts";
import { exceedsRemaining } from "../../domain/hawl/payments.ts";
import type { Db } from "../db/client.ts";
import { findObligation, insertPayment, refreshZakatTotals } from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { obligationNotFound } from "./remove-obligation.ts";
import { toObligationDto, lockTrackerAsMember } from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/**
 * POST /api/workspaces/:ws/obligations/:id/payments (PRODUCT.md "Payments ledger"): paid in
 * part or in full. More than what is left is refused: a ledger that says more was paid than was
 * due would hide a mistake.
 */
export async function recordPayment(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  id: string;
  request: { amount: string; paidOn?: string | undefined };
  now: Date;
}): Promise<ObligationDto> {
  const { db, userId, request, now } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  if (!uuidPattern.test(options.id)) throw obligationNotFound();
  const id = options.id.toLowerCase();
  return db.transaction(async (tx) => {
    await lockTrackerAsMember(tx, { workspaceId, userId: options.userId });
    const record = await findObligation(tx, workspaceId, id);
    if (!record) throw obligationNotFound();
    if (exceedsRemaining(record.amount, record.paidAmount, request.amount)) {
      throw new AppError("VALIDATION_FAILED", "Validation failed.", {
        fields: { amount: "exceeds_remaining" },
      });
    }
    await insertPayment(tx, {
      workspaceId,
      obligationId: id,
      amount: request.amount,
      paidOn: request.paidOn ?? now.toISOString().slice(0, 10),
      userId,
    });
    await refreshZakatTotals(tx, workspaceId, now);
    return toObligationDto((await findObligation(tx, workspaceId, id))!);
  });
}
