import { and, desc, eq, ne } from "drizzle-orm";
import { embedConfigs, type EmbedConfigSettings } from "../schema.ts";
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
): Promise<Pick<EmbedConfigRow, "isActive" | "allowedDomains" | "config"> | null> {
  const [row] = await db
    .select({
      isActive: embedConfigs.isActive,
      allowedDomains: embedConfigs.allowedDomains,
      config: embedConfigs.config,
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
  changes: Partial<Pick<EmbedConfigRow, "name" | "allowedDomains" | "isActive" | "config">>,
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
