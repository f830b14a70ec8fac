import { Hono, type MiddlewareHandler } from "hono";
import { acceptInvitationRequestSchema } from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import { acceptInvitation } from "../services/accept-invitation.ts";
import type { AppEnv } from "./context.ts";
import { readJson } from "./validation.ts";

/** POST /api/invitations/accept {token}: the signed-in account joins the invited workspace. */
export function invitationRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  now?: () => Date;
}) {
  const { db, requireSession } = deps;
  const now = () => deps.now?.() ?? new Date();
  return new Hono<AppEnv>().post("/accept", requireSession, async (c) => {
    const { token } = await readJson(c, acceptInvitationRequestSchema);
    return c.json(await acceptInvitation({ db, userId: c.var.userId, token, now: now() }));
  });
}
