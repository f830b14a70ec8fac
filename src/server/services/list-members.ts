import type { Member } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import { listMembers } from "../db/repositories/members.ts";
import { toMember } from "./membership-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/** GET /api/workspaces/:ws/members (members): everyone in it, in the order they joined. */
export async function listWorkspaceMembers(options: {
  db: Db;
  userId: string;
  workspaceId: string;
}): Promise<Member[]> {
  const { db, userId } = options;
  const workspaceId = await assertWorkspaceMember(db, {
    workspaceId: options.workspaceId,
    userId,
  });
  return (await listMembers(db, workspaceId)).map(toMember);
}
