import { and, asc, between, desc, eq, ne, sql } from "drizzle-orm";
import type { EmbedUsageEvent } from "../../../domain/embed/usage.ts";
import {
  embedConfigs,
  embedUsageDaily,
  type EmbedCallToAction,
  type EmbedConfigSettings,
} from "../schema.ts";
import type { Executor } from "./executor.ts";

// Embed configurations (spec §3, §7 "embed_configs"). Always looked up by id and owner, except
// by key for the embed page.

export type EmbedConfigRow = typeof embedConfigs.$inferSelect;

/** The user's configurations, newest first. */
export function listEmbedConfigsOfUser(db: Executor, userId: string): Promise<EmbedConfigRow[]> {
  return db
    .select()
    .from(embedConfigs)
    .where(eq(embedConfigs.userId, userId))
    .orderBy(desc(embedConfigs.createdAt), desc(embedConfigs.id));
}

/** The configuration with this id owned by this user, or null (someone else's is null too). */
export async function findEmbedConfigOfUser(
  db: Executor,
  id: string,
  userId: string,
): Promise<EmbedConfigRow | null> {
  const [row] = await db
    .select()
    .from(embedConfigs)
    .where(and(eq(embedConfigs.id, id), eq(embedConfigs.userId, userId)));
  return row ?? null;
}

/** What the embed page needs of a key, or null when no configuration has it. */
export async function findEmbedConfigByKey(
  db: Executor,
  embedKey: string,
): Promise<Pick<
  EmbedConfigRow,
  "id" | "isActive" | "allowedDomains" | "config" | "callToAction"
> | null> {
  const [row] = await db
    .select({
      id: embedConfigs.id,
      isActive: embedConfigs.isActive,
      allowedDomains: embedConfigs.allowedDomains,
      config: embedConfigs.config,
      callToAction: embedConfigs.callToAction,
    })
    .from(embedConfigs)
    .where(eq(embedConfigs.embedKey, embedKey));
  return row ?? null;
}

/** The allowed domains of the user's other configurations (all of them without `exceptId`). */
export async function domainsOfUser(
  db: Executor,
  userId: string,
  exceptId?: string,
): Promise<string[]> {
  const rows = await db
    .select({ domains: embedConfigs.allowedDomains })
    .from(embedConfigs)
    .where(
      exceptId
        ? and(eq(embedConfigs.userId, userId), ne(embedConfigs.id, exceptId))
        : eq(embedConfigs.userId, userId),
    );
  return rows.flatMap((r) => r.domains);
}

export async function insertEmbedConfig(
  db: Executor,
  values: {
    userId: string;
    embedKey: string;
    name: string;
    allowedDomains: string[];
    config: EmbedConfigSettings;
    callToAction: EmbedCallToAction | null;
  },
): Promise<EmbedConfigRow> {
  const [row] = await db
    .insert(embedConfigs)
    .values({ ...values, isActive: true })
    .returning();
  return row!;
}

export async function updateEmbedConfigOfUser(
  db: Executor,
  id: string,
  userId: string,
  changes: Partial<
    Pick<EmbedConfigRow, "name" | "allowedDomains" | "isActive" | "config" | "callToAction">
  >,
): Promise<EmbedConfigRow | null> {
  const [row] = await db
    .update(embedConfigs)
    .set(changes)
    .where(and(eq(embedConfigs.id, id), eq(embedConfigs.userId, userId)))
    .returning();
  return row ?? null;
}

export async function deleteEmbedConfigOfUser(
  db: Executor,
  id: string,
  userId: string,
): Promise<boolean> {
  const rows = await db
    .delete(embedConfigs)
    .where(and(eq(embedConfigs.id, id), eq(embedConfigs.userId, userId)))
    .returning({ id: embedConfigs.id });
  return rows.length > 0;
}

// ---- Usage counts (issue 18): one row per configuration and UTC day.

const usageColumn = {
  load: "loads",
  completed: "completed",
  due: "due",
  cta: "ctaClicks",
} as const satisfies Record<EmbedUsageEvent, keyof typeof embedUsageDaily.$inferSelect>;

/** Adds one to the day's count of the event: a single upsert, safe under concurrency. */
export async function incrementEmbedUsage(
  db: Executor,
  configId: string,
  day: string,
  event: EmbedUsageEvent,
): Promise<void> {
  const column = usageColumn[event];
  await db
    .insert(embedUsageDaily)
    .values({ configId, day, [column]: 1 })
    .onConflictDoUpdate({
      target: [embedUsageDaily.configId, embedUsageDaily.day],
      set: { [column]: sql`${embedUsageDaily[column]} + 1` },
    });
}

export type EmbedUsageRow = typeof embedUsageDaily.$inferSelect;

/** The configuration's rows from `from` to `to` (inclusive), oldest first; days without use have none. */
export function embedUsageBetween(
  db: Executor,
  configId: string,
  from: string,
  to: string,
): Promise<EmbedUsageRow[]> {
  return db
    .select()
    .from(embedUsageDaily)
    .where(and(eq(embedUsageDaily.configId, configId), between(embedUsageDaily.day, from, to)))
    .orderBy(asc(embedUsageDaily.day));
}
