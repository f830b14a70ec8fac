import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import {
  type InvitationRateLimits,
  createWorkspaceRequestSchema,
  inviteRequestSchema,
  renameWorkspaceRequestSchema,
  updateMemberRequestSchema,
} from "../../contracts/workspaces.ts";
import type { PlanId } from "../../domain/plans.ts";
import { detectLanguage } from "../auth/language.ts";
import type { Db } from "../db/client.ts";
import type { Mailer } from "../mail/mailer.ts";
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
import { readJson } from "./validation.ts";
import { workspaceOwner, workspaceScope } from "./workspace-guards.ts";

/**
 * /api/workspaces: list and create; and per workspace (API.md "workspaces", "members",
 * "invitations"): rename and delete, members, leaving, roles, invitations. Every `:ws` route
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
}) {
  const { db, requireSession, defaultPlan } = deps;
  const now = () => deps.now?.() ?? new Date();
  const owner = workspaceOwner(db);
  const scope = (c: Context<AppEnv>) => workspaceScope(db, c);

  return (
    new Hono<AppEnv>()
      .get("/", requireSession, async (c) =>
        c.json(await listWorkspaces({ db, userId: c.var.userId })),
      )
      .post("/", requireSession, async (c) => {
        const { name } = await readJson(c, createWorkspaceRequestSchema);
        return c.json(await createWorkspace({ db, userId: c.var.userId, name, defaultPlan }), 201);
      })
      .patch("/:ws", requireSession, owner, async (c) => {
        const { name } = await readJson(c, renameWorkspaceRequestSchema);
        return c.json(await renameWorkspace({ ...scope(c), name }));
      })
      .delete("/:ws", requireSession, async (c) => {
        await deleteWorkspace(scope(c));
        return c.body(null, 204);
      })
      .get("/:ws/members", requireSession, async (c) =>
        c.json(await listWorkspaceMembers(scope(c))),
      )
      // before …/:memberId: "me" is the caller's own membership
      .delete("/:ws/members/me", requireSession, async (c) => {
        await leaveWorkspace(scope(c));
        return c.body(null, 204);
      })
      .patch("/:ws/members/:memberId", requireSession, owner, async (c) => {
        const { role } = await readJson(c, updateMemberRequestSchema);
        return c.json(
          await updateMemberRole({ ...scope(c), memberId: c.req.param("memberId"), role }),
        );
      })
      .delete("/:ws/members/:memberId", requireSession, async (c) => {
        await removeMember({ ...scope(c), memberId: c.req.param("memberId") });
        return c.body(null, 204);
      })
      .get("/:ws/invitations", requireSession, async (c) =>
        c.json(await listWorkspaceInvitations({ ...scope(c), now: now() })),
      )
      .post("/:ws/invitations", requireSession, owner, async (c) => {
        const request = await readJson(c, inviteRequestSchema);
        const result = await inviteMember({
          ...scope(c),
          mailer: deps.mailer,
          logger: c.var.log ?? deps.logger,
          email: request.email,
          role: request.role,
          language: request.language ?? detectLanguage(c.req.raw.headers),
          baseUrl: deps.baseUrl,
          now: now(),
          defaultPlan,
          rateLimits: deps.invitationLimits,
        });
        return c.json(result, 201);
      })
      .delete("/:ws/invitations/:id", requireSession, async (c) => {
        await cancelInvitation({ ...scope(c), id: c.req.param("id") });
        return c.body(null, 204);
      })
  );
}
