import type { EmbedCallToAction, EmbedConfig, EmbedConfigOptions } from "../../contracts/embed.ts";
import type { PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import {
  domainsOfUser,
  findEmbedConfigOfUser,
  updateEmbedConfigOfUser,
} from "../db/repositories/embed-configs.ts";
import { lockUser } from "../db/repositories/workspaces.ts";
import { AppError } from "../errors.ts";
import {
  assertEmbedDomainsFit,
  embedConfigIdOf,
  embedConfigNotFound,
  toEmbedConfig,
} from "./embed-config-records.ts";
import { getUserPlan } from "./get-user-plan.ts";

/**
 * PATCH /api/embed-configs/:id: rename, replace the domains, enable or disable, replace the
 * display settings (language, currency, colours; issue 11). Only the owner's
 * own configuration; anyone else's is 404 as one that does not exist. A change takes effect on
 * the next embed request (nothing caches a key's configuration).
 */
export async function updateEmbedConfig(options: {
  db: Db;
  userId: string;
  id: string;
  changes: {
    name?: string;
    allowedDomains?: string[];
    isActive?: boolean;
    /** replaces the display settings: what it leaves out, the embed URL may choose */
    config?: EmbedConfigOptions;
    /** replaces the call to action; null removes the button (issue 18) */
    callToAction?: EmbedCallToAction | null;
  };
  defaultPlan?: PlanId;
}): Promise<EmbedConfig> {
  const { db, userId, changes } = options;
  const id = embedConfigIdOf(options.id);
  const row = await db.transaction(async (tx) => {
    if (!(await lockUser(tx, userId))) {
      throw new AppError("UNAUTHENTICATED", "User not authenticated");
    }
    // read under the lock of the caller's row, like every plan check
    const plan =
      changes.allowedDomains === undefined
        ? null
        : await getUserPlan({ db: tx, userId, instanceDefault: options.defaultPlan });
    const current = await findEmbedConfigOfUser(tx, id, userId);
    if (!current) throw embedConfigNotFound();
    if (plan && changes.allowedDomains) {
      const others = await domainsOfUser(tx, userId, id);
      assertEmbedDomainsFit({
        plan,
        before: [...others, ...current.allowedDomains],
        after: [...others, ...changes.allowedDomains],
      });
    }
    return updateEmbedConfigOfUser(tx, id, userId, changes);
  });
  if (!row) throw embedConfigNotFound();
  return toEmbedConfig(row);
}
