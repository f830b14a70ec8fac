import type { Context, MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import * as account from "../../contracts/endpoints/account.ts";
import * as api from "../../contracts/endpoints/workspaces.ts";
import type { InvitationRateLimits } from "../../contracts/workspaces.ts";
import type { PlanId } from "../../domain/plans.ts";
import { detectLanguage } from "../auth/language.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { RecipientMailLimits } from "../mail/recipient-cap.ts";
import { cancelInvitation } from "../services/cancel-invitation.ts";
import { createWorkspace } from "../services/create-workspace.ts";
import { deleteWorkspace } from "../services/delete-workspace.ts";
import { inviteMember } from "../services/invite-member.ts";
import { leaveWorkspace } from "../services/leave-workspace.ts";
import { listWorkspaceInvitations } from "../services/list-invitations.ts";
import { listWorkspaceMembers } from "../services/list-members.ts";
import { listWorkspaces } from "../services/list-workspaces.ts";
import { removeMember } from "../services/remove-member.ts";
import { renameWorkspace } from "../services/rename-workspace.ts";
import { updateMemberRole } from "../services/update-member-role.ts";
import type { AppEnv } from "./context.ts";
import { router } from "./route.ts";
import { workspaceOwner, workspaceScope } from "./workspace-guards.ts";

/**
 * /api/workspaces: list and create; and per workspace (API.md "workspaces", "members",
 * "invitations"): rename and delete, members, leaving, roles, invitations; bound to
 * contracts/endpoints/{account,workspaces}.ts, mount at "/". Every `{ws}` route
 * answers 404 to non-members and 403 FORBIDDEN to members attempting owner actions; the role is
 * checked before a body is read, so neither learns anything from what they send.
 */
export function workspaceRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  mailer: Mailer;
  logger?: Logger;
  baseUrl: string;
  now?: () => Date;
  defaultPlan?: PlanId;
  invitationLimits?: InvitationRateLimits;
  /** e-mails per address and hour (recipientMailLimits unless given) */
  mailPerRecipient?: RecipientMailLimits;
}) {
  const { db, requireSession, defaultPlan } = deps;
  const now = () => deps.now?.() ?? new Date();
  const owner = workspaceOwner(db);
  const scope = (c: Context<AppEnv>) => workspaceScope(db, c);

  return (
    router({ requireSession })
      .on(account.listWorkspaces, async (c) =>
        c.json(await listWorkspaces({ db, userId: c.var.userId })),
      )
      .on(account.createWorkspace, async (c, { body }) =>
        c.json(
          await createWorkspace({ db, userId: c.var.userId, name: body.name, defaultPlan }),
          201,
        ),
      )
      .on(api.renameWorkspace, { guards: [owner] }, async (c, { body }) =>
        c.json(await renameWorkspace({ ...scope(c), name: body.name })),
      )
      .on(api.deleteWorkspace, async (c) => {
        await deleteWorkspace(scope(c));
        return c.body(null, 204);
      })
      .on(api.listMembers, async (c) => c.json(await listWorkspaceMembers(scope(c))))
      // before …/{memberId}: "me" is the caller's own membership
      .on(api.leaveWorkspace, async (c) => {
        await leaveWorkspace(scope(c));
        return c.body(null, 204);
      })
      .on(api.updateMember, { guards: [owner] }, async (c, { params, body }) =>
        c.json(await updateMemberRole({ ...scope(c), memberId: params.memberId, role: body.role })),
      )
      .on(api.removeMember, async (c, { params }) => {
        await removeMember({ ...scope(c), memberId: params.memberId });
        return c.body(null, 204);
      })
      .on(api.listInvitations, async (c) =>
        c.json(await listWorkspaceInvitations({ ...scope(c), now: now() })),
      )
      .on(api.inviteMember, { guards: [owner] }, async (c, { body }) => {
        const result = await inviteMember({
          ...scope(c),
          mailer: deps.mailer,
          logger: c.var.log ?? deps.logger,
          email: body.email,
          role: body.role,
          language: body.language ?? detectLanguage(c.req.raw.headers),
          baseUrl: deps.baseUrl,
          now: now(),
          defaultPlan,
          rateLimits: deps.invitationLimits,
          mailPerRecipient: deps.mailPerRecipient,
        });
        return c.json(result, 201);
      })
      .on(api.revokeInvitation, async (c, { params }) => {
        await cancelInvitation({ ...scope(c), id: params.id });
        return c.body(null, 204);
      }).app
  );
}
