import { uuidPattern } from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import { deleteObligations, refreshZakatTotals } from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { lockTrackerAsMember } from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

export const obligationNotFound = () => new AppError("NOT_FOUND", "Record not found.");

/** DELETE /api/workspaces/:ws/obligations/:id: the record and its payments. */
export async function removeObligation(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  id: string;
  now: Date;
}): Promise<void> {
  const { db, now } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  if (!uuidPattern.test(options.id)) throw obligationNotFound();
  await db.transaction(async (tx) => {
    await lockTrackerAsMember(tx, { workspaceId, userId: options.userId });
    const deleted = await deleteObligations(tx, workspaceId, [options.id.toLowerCase()]);
    if (deleted === 0) throw obligationNotFound();
    await refreshZakatTotals(tx, workspaceId, now);
  });
}
