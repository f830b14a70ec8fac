import type { Logger } from "pino";
import {
  invitationValidityDays,
  type InviteResponse,
  type WorkspaceRole,
} from "../../contracts/workspaces.ts";
import { canAddOneMore, limitOf, type PlanId } from "../../domain/plans.ts";
import { localizedPath, type MailLanguage } from "../auth/language.ts";
import type { Db } from "../db/client.ts";
import {
  countLiveInvitations,
  expireStaleInvitationsFor,
  findLiveInvitationFor,
  insertInvitation,
} from "../db/repositories/invitations.ts";
import {
  countMembers,
  accountLabelOf,
  findMember,
  findMembership,
  findUserByEmail,
  insertMember,
  lockWorkspace,
} from "../db/repositories/members.ts";
import { describe } from "../http/error-handler.ts";
import { AppError } from "../http/errors.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { invitationEmail, memberAddedEmail } from "../mail/templates/invitation.ts";
import { getUserPlan } from "./get-user-plan.ts";
import {
  hashInvitationToken,
  newInvitationToken,
  toInvitation,
  toMember,
} from "./membership-records.ts";
import { sqlStateOf } from "./tracker-records.ts";
import { assertWorkspaceOwner } from "./workspace-access.ts";

const dayMs = 24 * 60 * 60 * 1000;

const invitationPending = (cause?: unknown) =>
  new AppError("INVITATION_PENDING", "An invitation has already been sent to this email", {
    cause,
  });

/**
 * POST /api/workspaces/:ws/invitations (owners), spec §5 "Invite".
 *
 * - Refused when the e-mail is already a member (409 ALREADY_MEMBER) or has a live invitation
 *   (409 INVITATION_PENDING); then by the inviting owner's plan (403 PLAN_LIMIT_REACHED): the
 *   people in the workspace beside one owner plus the live invitations count against
 *   `invitations`.
 * - A verified account with that e-mail becomes a member at once and is told by e-mail
 *   (spec §4 "accepted, recorded immediately"). An unverified account is invited like anyone
 *   else: only a verified sign-in proves the mailbox is theirs.
 * - Otherwise an invitation valid 7 days is stored with the hash of a 32-byte token, and the
 *   link `/accept-invitation?token=…` is e-mailed.
 *
 * The checks and the write run under a lock on the workspace's row. The e-mail is sent after
 * the commit, best effort: if it fails, what was stored stays and `emailSent` is false.
 */
export async function inviteMember(options: {
  db: Db;
  mailer: Mailer;
  logger?: Logger;
  userId: string;
  workspaceId: string;
  email: string;
  role: WorkspaceRole;
  language: MailLanguage;
  baseUrl: string;
  now: Date;
  defaultPlan?: PlanId;
}): Promise<InviteResponse> {
  const { db, userId, email, role, now } = options;
  const plan = await getUserPlan({ db, userId, instanceDefault: options.defaultPlan });

  const store = () =>
    db.transaction(async (tx) => {
      const scope = { workspaceId: options.workspaceId, userId };
      const { workspaceId } = await assertWorkspaceOwner(tx, scope);
      const workspace = await lockWorkspace(tx, workspaceId);
      if (!workspace) throw new AppError("NOT_FOUND", "Workspace not found.");
      // the role again, now that concurrent changes of this workspace wait for us
      await assertWorkspaceOwner(tx, scope);

      const account = await findUserByEmail(tx, email);
      if (account && (await findMembership(tx, workspaceId, account.id))) {
        throw new AppError("ALREADY_MEMBER", "User is already a member of this workspace");
      }
      await expireStaleInvitationsFor(tx, workspaceId, email, now);
      if (await findLiveInvitationFor(tx, workspaceId, email, now)) throw invitationPending();

      const others = (await countMembers(tx, workspaceId)) - 1;
      const used = others + (await countLiveInvitations(tx, workspaceId, now));
      if (!canAddOneMore(plan, "invitations", used)) throw planLimit(plan);

      if (account?.emailVerified) {
        const inserted = await insertMember(tx, {
          workspaceId,
          userId: account.id,
          role,
          invitedBy: userId,
        });
        const member = await findMember(tx, workspaceId, inserted.id);
        return { kind: "added" as const, workspace, member: member!, account };
      }
      const token = newInvitationToken();
      const invitation = await insertInvitation(tx, {
        workspaceId,
        email,
        role,
        invitedBy: userId,
        tokenHash: hashInvitationToken(token),
        expiresAt: new Date(now.getTime() + invitationValidityDays * dayMs),
        createdAt: now,
      });
      return { kind: "invited" as const, workspace, invitation, token };
    });
  const outcome = await store().catch((error: unknown) => {
    // the lock orders this server's requests; the partial unique index still answers a race
    if (!(error instanceof AppError) && sqlStateOf(error) === "23505") {
      throw invitationPending(error);
    }
    throw error;
  });

  const inviter = (await accountLabelOf(db, userId)) ?? { email: "", name: "" };
  const common = {
    lang: options.language,
    inviter,
    workspace: outcome.workspace.name,
    role,
    site: options.baseUrl,
  };
  if (outcome.kind === "added") {
    const emailSent = await sendBestEffort(
      options,
      memberAddedEmail({
        ...common,
        to: outcome.account.email,
        name: (await accountLabelOf(db, outcome.account.id))?.name ?? "",
        url: `${options.baseUrl}${localizedPath(options.language, "/dashboard")}`,
      }),
      "member-added",
    );
    return { result: "added", member: toMember(outcome.member), emailSent };
  }
  const link =
    `${options.baseUrl}${localizedPath(options.language, "/accept-invitation")}` +
    `?token=${encodeURIComponent(outcome.token)}`;
  const emailSent = await sendBestEffort(
    options,
    invitationEmail({ ...common, to: email, url: link, validDays: invitationValidityDays }),
    "invitation",
  );
  return { result: "invited", invitation: toInvitation(outcome.invitation), emailSent };
}

function planLimit(plan: PlanId): AppError {
  const limit = limitOf(plan, "invitations");
  return new AppError(
    "PLAN_LIMIT_REACHED",
    limit === 0
      ? "Your plan does not include team invitations. Upgrade to invite people."
      : `Your plan allows ${limit} invitation${limit === 1 ? "" : "s"} per workspace. Upgrade to invite more.`,
  );
}

/** true when the message went out; a failure is logged (without the link) and reported. */
async function sendBestEffort(
  options: { mailer: Mailer; logger?: Logger },
  message: MailMessage,
  kind: string,
): Promise<boolean> {
  try {
    await options.mailer.send(message);
    return true;
  } catch (error) {
    options.logger?.error({ error: describe(error), kind }, "workspace e-mail not sent");
    return false;
  }
}
