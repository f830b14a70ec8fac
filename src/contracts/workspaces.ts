import { z } from "zod";
import { trimmedName } from "./common.ts";

export const workspaceRoleSchema = z.enum(["owner", "member"]);
export type WorkspaceRole = z.infer<typeof workspaceRoleSchema>;

export const workspaceSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  role: workspaceRoleSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListSchema = z.array(workspaceSchema);

export const createWorkspaceRequestSchema = z.object({ name: trimmedName(100) }).strict();
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;
