import type { ObligationDto } from "../../contracts/zakat.ts";
import type { Db } from "../db/client.ts";
import { listObligations } from "../db/repositories/tracker.ts";
import { toObligationDto } from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/** GET /api/workspaces/:ws/obligations: newest first, each with what was paid on it. */
export async function listWorkspaceObligations(options: {
  db: Db;
  userId: string;
  workspaceId: string;
}): Promise<ObligationDto[]> {
  const workspaceId = await assertWorkspaceMember(options.db, options);
  return (await listObligations(options.db, workspaceId)).map(toObligationDto);
}
