import { Hono, type MiddlewareHandler } from "hono";
import { createWorkspaceRequestSchema } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import { createWorkspace } from "../services/create-workspace.ts";
import { listWorkspaces } from "../services/list-workspaces.ts";
import type { AppEnv } from "./context.ts";
import { readJson } from "./validation.ts";

/** /api/workspaces: list and create. */
export function workspaceRoutes(deps: { db: Db; requireSession: MiddlewareHandler<AppEnv> }) {
  const { db, requireSession } = deps;
  return new Hono<AppEnv>()
    .get("/", requireSession, async (c) =>
      c.json(await listWorkspaces({ db, userId: c.var.userId })),
    )
    .post("/", requireSession, async (c) => {
      const { name } = await readJson(c, createWorkspaceRequestSchema);
      return c.json(await createWorkspace({ db, userId: c.var.userId, name }), 201);
    });
}
