import type { EmbedConfig } from "../../contracts/embed.ts";
import type { Db } from "../db/client.ts";
import { listEmbedConfigsOfUser } from "../db/repositories/embed-configs.ts";
import { toEmbedConfig } from "./embed-config-records.ts";

/** The caller's embed configurations, newest first (GET /api/embed-configs). */
export async function listEmbedConfigs(options: {
  db: Db;
  userId: string;
}): Promise<EmbedConfig[]> {
  const rows = await listEmbedConfigsOfUser(options.db, options.userId);
  return rows.map(toEmbedConfig);
}
