import type { Calculation } from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import { findCalculation } from "../db/repositories/calculations.ts";
import {
  calculationIdFromPath,
  calculationNotFound,
  toCalculation,
} from "./calculation-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/** GET /api/workspaces/:ws/calculations/:id: the saved body, its result, id and version. */
export async function getCalculation(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  id: string;
}): Promise<Calculation> {
  const { db, userId } = options;
  const workspaceId = options.workspaceId.toLowerCase();
  await assertWorkspaceMember(db, { workspaceId, userId });
  const row = await findCalculation(db, workspaceId, calculationIdFromPath(options.id));
  if (!row) throw calculationNotFound();
  return toCalculation(row);
}
