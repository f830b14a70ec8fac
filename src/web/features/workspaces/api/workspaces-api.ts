import {
  workspaceListSchema,
  workspaceSchema,
  type Workspace,
} from "../../../../contracts/workspaces";
import { api } from "~/lib/api-client";

export async function fetchWorkspaces(): Promise<Workspace[]> {
  return workspaceListSchema.parse(await api<unknown>("/api/workspaces"));
}

export async function postWorkspace(name: string): Promise<Workspace> {
  return workspaceSchema.parse(
    await api<unknown>("/api/workspaces", { method: "POST", body: { name } }),
  );
}
