import type { TrackerSettings } from "../../contracts/zakat.ts";
import type { Db } from "../db/client.ts";
import { lockWorkspaceTracker, updateZakatState } from "../db/repositories/tracker.ts";
import { AppError } from "../http/errors.ts";
import { ensureZakatState } from "./ensure-zakat-state.ts";
import { settingsOf } from "./tracker-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/**
 * PATCH /api/workspaces/:ws/zakat/settings: the hawl rule, the year's length, the currency.
 * They live in the zakat state, which spec §5 creates only once there is a nissab date.
 */
export async function updateTrackerSettings(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  request: Partial<TrackerSettings>;
  now: Date;
}): Promise<TrackerSettings> {
  const { db, userId, request, now } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  return db.transaction(async (tx) => {
    if (!(await lockWorkspaceTracker(tx, workspaceId))) {
      throw new AppError("NOT_FOUND", "Workspace not found.");
    }
    const state = await ensureZakatState(tx, { workspaceId, userId });
    await updateZakatState(tx, workspaceId, request, now);
    return { ...settingsOf(state), ...request };
  });
}
