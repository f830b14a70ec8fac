import type { Logger } from "pino";
import {
  invitationRateLimits,
  invitationValidityDays,
  type InvitationRateLimits,
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
  invitationSendsSince,
  lockInvitationsOf,
  recordInvitationSend,
} from "../db/repositories/invitations.ts";
import type { Tx } from "../db/repositories/executor.ts";
import { findNotificationSettings } from "../db/repositories/notification-settings.ts";
import {
  countMembers,
  accountLabelOf,
  findMembership,
  findUserByEmail,
  lockWorkspace,
} from "../db/repositories/members.ts";
import { describe } from "../http/error-handler.ts";
import { AppError } from "../errors.ts";
import type { Mailer, MailMessage } from "../mail/mailer.ts";
import { takeRecipientSlot, type RecipientMailLimits } from "../mail/recipient-cap.ts";
import { invitationEmail } from "../mail/templates/invitation.ts";
import { getUserPlan } from "./get-user-plan.ts";
import { planLimitError } from "./plan-limits.ts";
import { hashInvitationToken, newInvitationToken, toInvitation } from "./membership-records.ts";
import { sqlStateOf } from "./tracker-records.ts";
import { assertWorkspaceOwner } from "./workspace-access.ts";

const dayMs = 24 * 60 * 60 * 1000;

const invitationPending = (cause?: unknown) =>
  new AppError("INVITATION_PENDING", "An invitation has already been sent to this email", {
    cause,
  });

/**
 * POST /api/workspaces/:ws/invitations (owners), spec §5 "Invite", as corrected by issue 10
 * (decision 009): every invitation waits for the invitee's consent.
 *
 * - Refused when the e-mail is already a member (409 ALREADY_MEMBER: the owner sees the members
 *   anyway) or has a live invitation (409 INVITATION_PENDING); then by the inviting owner's plan
 *   (403 PLAN_LIMIT_REACHED): the people beside one owner plus the live invitations count against
 *   `invitations`; then by the rate limit (429 RATE_LIMITED with Retry-After):
 *   `invitationRateLimits` invitations per hour per workspace and per owner, counted from
 *   `invitation_sends`, which cancelling does not touch; then by the address's cap of e-mails
 *   per hour, shared with the reset and verification e-mails (429 RECIPIENT_RATE_LIMITED with
 *   Retry-After, decision 049).
 * - Otherwise an invitation valid 7 days is stored with the hash of a 32-byte token, and the
 *   link `/accept-invitation?token=…` is e-mailed, the e-mail and the link's page in the
 *   invitee's language when their account has one (issue 30), else in `language` (the
 *   inviter's). Whether the address has an account changes nothing the inviter sees. An account
 *   with that address also finds the invitation on its dashboard (GET /api/invitations) and
 *   accepts or declines it there.
 *
 * The checks and the writes run under a lock on the workspace's row, then on the owner's
 * invitations. The e-mail is sent after the commit, best effort: if it fails, what was stored
 * stays and `emailSent` is false.
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
  /** `invitationRateLimits` unless given (tests that send many raise them) */
  rateLimits?: InvitationRateLimits;
  /** e-mails per address and hour, shared with the auth e-mails (`recipientMailLimits`) */
  mailPerRecipient?: RecipientMailLimits;
}): Promise<InviteResponse> {
  const { db, userId, email, role, now } = options;
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
      // read under the workspace's lock, so the plan and the count belong together
      const plan = await getUserPlan({ db: tx, userId, instanceDefault: options.defaultPlan });
      if (!canAddOneMore(plan, "invitations", used)) throw planLimit(plan, used);

      const limits = options.rateLimits ?? invitationRateLimits;
      await assertUnderRateLimit(tx, { workspaceId, userId, now, limits });
      // last: the address's own cap (decision 049), counted only if this invitation is stored
      const wait = await takeRecipientSlot(tx, {
        to: email,
        now,
        limits: options.mailPerRecipient,
      });
      if (wait !== null) throw recipientRateLimited(wait);

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
      await recordInvitationSend(tx, {
        workspaceId,
        invitedBy: userId,
        createdAt: now,
        prunedBefore: new Date(now.getTime() - limits.windowSeconds * 1000),
      });
      // the invitee's own language when their account has one (the one their reminders use)
      const settings = account ? await findNotificationSettings(tx, account.id) : null;
      const language: MailLanguage = settings?.language ?? options.language;
      return { workspace, invitation, token, language };
    });
  const outcome = await store().catch((error: unknown) => {
    // the lock orders this server's requests; the partial unique index still answers a race
    if (!(error instanceof AppError) && sqlStateOf(error) === "23505") {
      throw invitationPending(error);
    }
    throw error;
  });

  const inviter = (await accountLabelOf(db, userId)) ?? { email: "", name: "" };
  const link =
    `${options.baseUrl}${localizedPath(outcome.language, "/accept-invitation")}` +
    `?token=${encodeURIComponent(outcome.token)}`;
  const emailSent = await sendBestEffort(
    options,
    invitationEmail({
      lang: outcome.language,
      inviter,
      workspace: outcome.workspace.name,
      role,
      site: options.baseUrl,
      to: email,
      url: link,
      validDays: invitationValidityDays,
    }),
    "invitation",
  );
  return { invitation: toInvitation(outcome.invitation), emailSent };
}

/**
 * 429 RATE_LIMITED when the workspace, or the owner over all their workspaces, has sent its
 * invitations of the last hour; Retry-After is when the oldest of the limiting ones leaves the
 * window. Under the workspace's lock and the owner's, so the counts are exact.
 */
async function assertUnderRateLimit(
  tx: Tx,
  options: { workspaceId: string; userId: string; now: Date; limits: InvitationRateLimits },
): Promise<void> {
  const { windowSeconds, perWorkspace, perOwner } = options.limits;
  const windowMs = windowSeconds * 1000;
  await lockInvitationsOf(tx, options.userId);
  // a send exactly one window old no longer counts
  const since = new Date(options.now.getTime() - windowMs + 1);
  const waits: number[] = [];
  const checks = [
    [{ workspaceId: options.workspaceId }, perWorkspace],
    [{ invitedBy: options.userId }, perOwner],
  ] as const;
  for (const [by, limit] of checks) {
    const sends = await invitationSendsSince(tx, by, since);
    if (sends.length >= limit) {
      // the send that must leave the window before one more fits
      const freeing = sends[sends.length - limit]!;
      waits.push(freeing.getTime() + windowMs - options.now.getTime());
    }
  }
  if (waits.length === 0) return;
  const retryAfter = Math.max(1, Math.ceil(Math.max(...waits) / 1000));
  throw new AppError("RATE_LIMITED", "Too many invitations sent. Try again later.", {
    headers: { "Retry-After": String(retryAfter) },
  });
}

function recipientRateLimited(retryAfter: number): AppError {
  return new AppError(
    "RECIPIENT_RATE_LIMITED",
    "This address has received too many e-mails from us in the last hour. Try again later.",
    { headers: { "Retry-After": String(retryAfter) } },
  );
}

function planLimit(plan: PlanId, used: number): AppError {
  const limit = limitOf(plan, "invitations");
  return planLimitError(
    plan,
    "invitations",
    used,
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
