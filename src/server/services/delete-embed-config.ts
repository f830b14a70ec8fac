import type { Db } from "../db/client.ts";
import { deleteEmbedConfigOfUser } from "../db/repositories/embed-configs.ts";
import { embedConfigIdOf, embedConfigNotFound } from "./embed-config-records.ts";

/** DELETE /api/embed-configs/:id: the owner's own configuration; its key stops at once. */
export async function deleteEmbedConfig(options: {
  db: Db;
  userId: string;
  id: string;
}): Promise<void> {
  const id = embedConfigIdOf(options.id);
  if (!(await deleteEmbedConfigOfUser(options.db, id, options.userId))) {
    throw embedConfigNotFound();
  }
}
