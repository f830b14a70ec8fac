import type { TrackerSettings } from "../../contracts/zakat.ts";
import type { Db } from "../db/client.ts";
import { updateZakatState } from "../db/repositories/tracker.ts";
import { ensureZakatState } from "./ensure-zakat-state.ts";
import { settingsOf, lockTrackerAsMember } from "./tracker-records.ts";
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
    await lockTrackerAsMember(tx, { workspaceId, userId: options.userId });
    const state = await ensureZakatState(tx, { workspaceId, userId });
    await updateZakatState(tx, workspaceId, request, now);
    return { ...settingsOf(state), ...request };
  });
}
