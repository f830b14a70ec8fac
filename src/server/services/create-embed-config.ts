import type { EmbedCallToAction, EmbedConfig, EmbedConfigOptions } from "../../contracts/embed.ts";
import type { PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import { domainsOfUser, insertEmbedConfig } from "../db/repositories/embed-configs.ts";
import { AppError } from "../errors.ts";
import { assertEmbedDomainsFit, toEmbedConfig } from "./embed-config-records.ts";
import { generateEmbedKey } from "./generate-embed-key.ts";
import { lockAccountPlan } from "./plan-limits.ts";
import { sqlStateOf } from "./tracker-records.ts";

/**
 * Creates an active embed configuration with a new key (POST /api/embed-configs). `name` and
 * `allowedDomains` are already trimmed, normalised and checked (contract). The plan's domain
 * limit is checked under a lock on the caller's row, so concurrent creates cannot both pass.
 * A key that already exists (about 2^-190 per pair) is drawn again.
 */
export async function createEmbedConfig(options: {
  db: Db;
  userId: string;
  name: string;
  allowedDomains: string[];
  config?: EmbedConfigOptions;
  /** the checked call to action (contract), or none */
  callToAction?: EmbedCallToAction | null;
  defaultPlan?: PlanId;
  /** tests: the key generator */
  generateKey?: () => string;
}): Promise<EmbedConfig> {
  const { db, userId } = options;
  const generateKey = options.generateKey ?? generateEmbedKey;
  for (let attempt = 1; ; attempt++) {
    try {
      const row = await db.transaction(async (tx) => {
        // locks the caller's row and reads the plan under that lock
        const plan = await lockAccountPlan(tx, { userId, defaultPlan: options.defaultPlan });
        const before = await domainsOfUser(tx, userId);
        assertEmbedDomainsFit({ plan, before, after: [...before, ...options.allowedDomains] });
        return insertEmbedConfig(tx, {
          userId,
          embedKey: generateKey(),
          name: options.name,
          allowedDomains: options.allowedDomains,
          config: options.config ?? {},
          callToAction: options.callToAction ?? null,
        });
      });
      return toEmbedConfig(row);
    } catch (error) {
      const keyTaken = !(error instanceof AppError) && sqlStateOf(error) === "23505";
      if (!keyTaken || attempt >= 3) throw error;
    }
  }
}
