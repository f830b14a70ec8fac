import { Hono, type MiddlewareHandler } from "hono";
import {
  acceptInvitationRequestSchema,
  invitationPreviewQuerySchema,
} from "../../contracts/workspaces.ts";
import type { Db } from "../db/client.ts";
import {
  acceptInvitation,
  acceptInvitationById,
  declineInvitation,
} from "../services/accept-invitation.ts";
import { listReceivedInvitations } from "../services/list-received-invitations.ts";
import { previewInvitation } from "../services/preview-invitation.ts";
import type { AppEnv } from "./context.ts";
import { readJson, readQuery } from "./validation.ts";

/**
 * /api/invitations, the invitee's side:
 * - POST /accept {token}: the e-mail link's accept;
 * - GET /preview?token=: the workspace and inviter of a live token, for anyone holding it (the
 *   signed-out invitee's page, issue 11);
 * - GET /: the pending invitations to the signed-in account's e-mail (the dashboard's card);
 * - POST /:id/accept and /:id/decline: the dashboard's answers, only for the invitee (anyone
 *   else: 404 INVITATION_NOT_FOUND, as for an unknown id).
 */
export function invitationRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  now?: () => Date;
}) {
  const { db, requireSession } = deps;
  const now = () => deps.now?.() ?? new Date();
  return new Hono<AppEnv>()
    .get("/", requireSession, async (c) =>
      c.json(await listReceivedInvitations({ db, userId: c.var.userId, now: now() })),
    )
    .get("/preview", async (c) => {
      const { token } = readQuery(c, invitationPreviewQuerySchema);
      return c.json(await previewInvitation({ db, token, now: now() }));
    })
    .post("/accept", requireSession, async (c) => {
      const { token } = await readJson(c, acceptInvitationRequestSchema);
      return c.json(await acceptInvitation({ db, userId: c.var.userId, token, now: now() }));
    })
    .post("/:id/accept", requireSession, async (c) =>
      c.json(
        await acceptInvitationById({ db, userId: c.var.userId, id: c.req.param("id"), now: now() }),
      ),
    )
    .post("/:id/decline", requireSession, async (c) => {
      await declineInvitation({ db, userId: c.var.userId, id: c.req.param("id") });
      return c.body(null, 204);
    });
}
