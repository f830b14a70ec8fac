import type { Workspace } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import { renameWorkspace as renameWorkspaceRow } from "../db/repositories/members.ts";
import { AppError } from "../errors.ts";
import { toWorkspace } from "./list-workspaces.ts";
import { assertWorkspaceOwner } from "./workspace-access.ts";

/** PATCH /api/workspaces/:ws (owners). `name` is already trimmed and non-blank (contract). */
export async function renameWorkspace(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  name: string;
}): Promise<Workspace> {
  const { db, userId, name } = options;
  const { workspaceId } = await assertWorkspaceOwner(db, {
    workspaceId: options.workspaceId,
    userId,
  });
  const row = await renameWorkspaceRow(db, { workspaceId, name, role: "owner" });
  if (!row) throw new AppError("NOT_FOUND", "Workspace not found.");
  return toWorkspace(row);
}
