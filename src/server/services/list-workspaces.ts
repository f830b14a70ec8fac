import type { Workspace } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import { listWorkspacesOfUser, type WorkspaceWithRole } from "../db/repositories/workspaces.ts";

export function toWorkspace(row: WorkspaceWithRole): Workspace {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The caller's workspaces with the caller's role, oldest first (GET /api/workspaces). */
export async function listWorkspaces(options: { db: Db; userId: string }): Promise<Workspace[]> {
  const rows = await listWorkspacesOfUser(options.db, options.userId);
  return rows.map(toWorkspace);
}
