import type { ZakatData } from "../../contracts/zakat.ts";
import type { Db } from "../db/client.ts";
import { findZakatState, listMilestones, listObligations } from "../db/repositories/tracker.ts";
import { toZakatData } from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/** GET /api/workspaces/:ws/zakat: spec §3 ZakatData, derived from the rows as they are now. */
export async function getZakatData(options: {
  db: Db;
  userId: string;
  workspaceId: string;
}): Promise<ZakatData> {
  const { db } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  // one snapshot: a concurrent write is seen wholly or not at all
  return db.transaction(
    async (tx) => {
      const milestoneRows = await listMilestones(tx, workspaceId);
      const obligationRows = await listObligations(tx, workspaceId);
      const state = await findZakatState(tx, workspaceId);
      return toZakatData(milestoneRows, obligationRows, state);
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}
