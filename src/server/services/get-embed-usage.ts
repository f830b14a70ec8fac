import type { EmbedUsage } from "../../contracts/embed.ts";
import { embedUsageDays, lastDays } from "../../domain/embed/usage.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { embedUsageBetween } from "../db/repositories/embed-configs.ts";
import { assertOwnEmbedConfig } from "./embed-config-records.ts";

/**
 * GET /api/embed-configs/:id/usage (issue 18): the owner's counts of the last 30 UTC days
 * ending `today`, oldest first, a zero row for each day without use. Others' configurations
 * are 404.
 */
export async function getEmbedUsage(options: {
  db: Executor;
  userId: string;
  id: string;
  today: string;
}): Promise<EmbedUsage> {
  const config = await assertOwnEmbedConfig(options.db, { id: options.id, userId: options.userId });
  const days = lastDays(options.today, embedUsageDays);
  const rows = await embedUsageBetween(options.db, config.id, days[0]!, days.at(-1)!);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  return {
    days: days.map((day) => {
      const row = byDay.get(day);
      return {
        day,
        loads: row?.loads ?? 0,
        completed: row?.completed ?? 0,
        due: row?.due ?? 0,
        ctaClicks: row?.ctaClicks ?? 0,
      };
    }),
  };
}
