import type { Db } from "../db/client.ts";
import { deleteCalculation } from "../db/repositories/calculations.ts";
import { calculationIdFromPath, calculationNotFound } from "./calculation-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/** DELETE /api/workspaces/:ws/calculations/:id: 404 when there is no such calculation here. */
export async function deleteCalculationById(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  id: string;
}): Promise<void> {
  const { db, userId } = options;
  const workspaceId = options.workspaceId.toLowerCase();
  await db.transaction(async (tx) => {
    await assertWorkspaceMember(tx, { workspaceId, userId });
    const deleted = await deleteCalculation(tx, workspaceId, calculationIdFromPath(options.id));
    if (!deleted) throw calculationNotFound();
  });
}
