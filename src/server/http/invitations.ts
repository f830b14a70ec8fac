import type { MiddlewareHandler } from "hono";
import * as api from "../../contracts/endpoints/workspaces.ts";
import type { Db } from "../db/client.ts";
import {
  acceptInvitation,
  acceptInvitationById,
  declineInvitation,
} from "../services/accept-invitation.ts";
import { listReceivedInvitations } from "../services/list-received-invitations.ts";
import { previewInvitation } from "../services/preview-invitation.ts";
import type { AppEnv } from "./context.ts";
import { router } from "./route.ts";

/**
 * /api/invitations, the invitee's side (bound to contracts/endpoints/workspaces.ts; mount at "/"):
 * - POST /accept {token}: the e-mail link's accept;
 * - GET /preview?token=: the workspace and inviter of a live token, for anyone holding it (the
 *   signed-out invitee's page, issue 11);
 * - GET /: the pending invitations to the signed-in account's e-mail (the dashboard's card);
 * - POST /{id}/accept and /{id}/decline: the dashboard's answers, only for the invitee (anyone
 *   else: 404 INVITATION_NOT_FOUND, as for an unknown id).
 */
export function invitationRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  now?: () => Date;
}) {
  const { db, requireSession } = deps;
  const now = () => deps.now?.() ?? new Date();
  return router({ requireSession })
    .on(api.listReceivedInvitations, async (c) =>
      c.json(await listReceivedInvitations({ db, userId: c.var.userId, now: now() })),
    )
    .on(api.previewInvitation, async (c, { query }) =>
      c.json(await previewInvitation({ db, token: query.token, now: now() })),
    )
    .on(api.acceptInvitationByToken, async (c, { body }) =>
      c.json(await acceptInvitation({ db, userId: c.var.userId, token: body.token, now: now() })),
    )
    .on(api.acceptInvitation, async (c, { params }) =>
      c.json(await acceptInvitationById({ db, userId: c.var.userId, id: params.id, now: now() })),
    )
    .on(api.declineInvitation, async (c, { params }) => {
      await declineInvitation({ db, userId: c.var.userId, id: params.id });
      return c.body(null, 204);
    }).app;
}
