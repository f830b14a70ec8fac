import type { Workspace } from "../../contracts/workspaces.ts";
import { canAddOneMore, limitOf, type PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import { countOwnedWorkspaces, insertWorkspaceWithOwner } from "../db/repositories/workspaces.ts";
import { lockAccountPlan, planLimitError } from "./plan-limits.ts";
import { toWorkspace } from "./list-workspaces.ts";

/**
 * Creates a workspace owned by the caller (POST /api/workspaces). The plan limit counts the
 * workspaces the caller owns, the personal one included; the count and the inserts run in one
 * transaction under a lock on the caller's row, so two concurrent requests cannot both pass.
 * `name` is already trimmed and non-blank (contract).
 */
export async function createWorkspace(options: {
  db: Db;
  userId: string;
  name: string;
  /** the plan of accounts that bought none (env DEFAULT_PLAN) */
  defaultPlan?: PlanId;
}): Promise<Workspace> {
  const { db, userId, name } = options;
  const row = await db.transaction(async (tx) => {
    // locks the caller's row; the plan is read under the lock (an operator's set-plan waits)
    const plan = await lockAccountPlan(tx, { userId, defaultPlan: options.defaultPlan });
    const owned = await countOwnedWorkspaces(tx, userId);
    if (!canAddOneMore(plan, "workspaces", owned)) {
      const limit = limitOf(plan, "workspaces");
      throw planLimitError(
        plan,
        "workspaces",
        owned,
        `Your plan allows ${limit} workspace${limit === 1 ? "" : "s"}. Upgrade to create more.`,
      );
    }
    return insertWorkspaceWithOwner(tx, { name, ownerId: userId });
  });
  return toWorkspace(row);
}
