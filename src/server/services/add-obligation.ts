import type { CreateObligationRequest, ObligationDto } from "../../contracts/zakat.ts";
import type { Db } from "../db/client.ts";
import {
  findObligation,
  insertObligations,
  refreshZakatTotals,
} from "../db/repositories/tracker.ts";
import { ensureZakatState } from "./ensure-zakat-state.ts";
import { toObligationDto, lockTrackerAsMember } from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/** POST /api/workspaces/:ws/obligations: a record, and the state's totals updated with it. */
export async function addObligation(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  request: CreateObligationRequest;
  now: Date;
}): Promise<ObligationDto> {
  const { db, userId, request, now } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  return db.transaction(async (tx) => {
    await lockTrackerAsMember(tx, { workspaceId, userId: options.userId });
    await ensureZakatState(tx, { workspaceId, userId });
    const [row] = await insertObligations(tx, workspaceId, [{ ...request, userId }]);
    await refreshZakatTotals(tx, workspaceId, now);
    const created = await findObligation(tx, workspaceId, row!.id);
    return toObligationDto(created!);
  });
}
