import { uuidPattern } from "../../contracts/calculations.ts";
import type { EmbedConfig } from "../../contracts/embed.ts";
import { limitOf, type PlanId } from "../../domain/plans.ts";
import { findEmbedConfigOfUser, type EmbedConfigRow } from "../db/repositories/embed-configs.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { AppError } from "../errors.ts";
import { planLimitError } from "./plan-limits.ts";

// What the embed configuration use cases share: the wire shape, the not-found answer and the
// plan's domain limit.

export function toEmbedConfig(row: EmbedConfigRow): EmbedConfig {
  const { language, currency, primaryColor, accentColor } = row.config ?? {};
  return {
    id: row.id,
    embedKey: row.embedKey,
    name: row.name,
    allowedDomains: row.allowedDomains,
    config: {
      ...(language ? { language } : {}),
      ...(currency ? { currency } : {}),
      ...(primaryColor ? { primaryColor } : {}),
      ...(accentColor ? { accentColor } : {}),
    },
    callToAction: row.callToAction
      ? {
          urlTemplate: row.callToAction.urlTemplate,
          organisation: row.callToAction.organisation,
          ...(row.callToAction.label ? { label: row.callToAction.label } : {}),
        }
      : null,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}

export const embedConfigNotFound = () =>
  new AppError("NOT_FOUND", "Embed configuration not found.");

/** The id in stored form, or a 404 when it is not a UUID (it names nothing). */
export function embedConfigIdOf(id: string): string {
  const lower = id.toLowerCase();
  if (!uuidPattern.test(lower)) throw embedConfigNotFound();
  return lower;
}

/** 404 unless the configuration exists and is the caller's (others' look like missing ones). */
export async function assertOwnEmbedConfig(
  db: Executor,
  options: { id: string; userId: string },
): Promise<EmbedConfigRow> {
  const row = await findEmbedConfigOfUser(db, embedConfigIdOf(options.id), options.userId);
  if (!row) throw embedConfigNotFound();
  return row;
}

/**
 * The plan's embed domains (spec §6) count the distinct domains of all the account's
 * configurations, active or not. A write that leaves more than the limit is refused, unless it
 * does not add to the count (an account over its limit after a downgrade may still remove or
 * rename).
 */
export function assertEmbedDomainsFit(options: {
  plan: PlanId;
  before: readonly string[];
  after: readonly string[];
}): void {
  const limit = limitOf(options.plan, "embedDomains");
  if (limit === null) return;
  const before = new Set(options.before).size;
  const after = new Set(options.after).size;
  if (after > limit && after > before) {
    throw planLimitError(
      options.plan,
      "embedDomains",
      after - 1,
      `Your plan allows ${limit} embed domain${limit === 1 ? "" : "s"}. Upgrade to add more.`,
    );
  }
}
