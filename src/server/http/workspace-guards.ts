import type { Context, MiddlewareHandler } from "hono";
import type { Db } from "../db/client.ts";
import { assertWorkspaceMember, assertWorkspaceOwner } from "../services/workspace-access.ts";
import type { AppEnv } from "./context.ts";

// Route guards of /api/workspaces/:ws/…, run before a body is read: a non-member gets 404 and a
// member asking for an owner action 403, whatever they send.

export function workspaceMember(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await assertWorkspaceMember(db, { workspaceId: c.req.param("ws")!, userId: c.var.userId });
    await next();
  };
}

export function workspaceOwner(db: Db): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await assertWorkspaceOwner(db, { workspaceId: c.req.param("ws")!, userId: c.var.userId });
    await next();
  };
}

/** What every workspace use case takes: the database, the caller and the path's workspace. */
export function workspaceScope(db: Db, c: Context<AppEnv>) {
  return { db, userId: c.var.userId, workspaceId: c.req.param("ws")! };
}
