import { and, eq, gt, sql } from "drizzle-orm";
import type { PlanUsageResponse } from "../../contracts/me.ts";
import { limitOf, type LimitedFeature, type PlanId } from "../../domain/plans.ts";
import { findBillingAccount } from "../db/repositories/billing.ts";
import { countLiveFeedsOf } from "../db/repositories/calendar-feeds.ts";
import { domainsOfUser } from "../db/repositories/embed-configs.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { countOwnedWorkspaces } from "../db/repositories/workspaces.ts";
import { workspaceInvitations, workspaceMembers } from "../db/schema.ts";
import { getUserPlan } from "./get-user-plan.ts";

/**
 * The account's plan and its usage against each limit (GET /api/me/plan), counted as the
 * checks count: owned workspaces; per owned workspace the people beside one owner plus live
 * invitations (the fullest one is shown); distinct embed domains; live calendar feeds the
 * account created (decision 016).
 */
export async function getPlanUsage(options: {
  db: Executor;
  userId: string;
  defaultPlan?: PlanId;
  now?: Date;
  /** Stripe is configured */
  onlinePayment?: boolean;
}): Promise<PlanUsageResponse> {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  const plan = await getUserPlan({ db, userId, instanceDefault: options.defaultPlan });
  const owned = db
    .select({ id: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, "owner")));
  const members = await db
    .select({ ws: workspaceMembers.workspaceId, n: sql<number>`count(*)::int` })
    .from(workspaceMembers)
    .where(sql`${workspaceMembers.workspaceId} in ${owned}`)
    .groupBy(workspaceMembers.workspaceId);
  const invitations = await db
    .select({ ws: workspaceInvitations.workspaceId, n: sql<number>`count(*)::int` })
    .from(workspaceInvitations)
    .where(
      and(
        sql`${workspaceInvitations.workspaceId} in ${owned}`,
        eq(workspaceInvitations.status, "pending"),
        gt(workspaceInvitations.expiresAt, now),
      ),
    )
    .groupBy(workspaceInvitations.workspaceId);
  const seats = members.map((m) => m.n - 1 + (invitations.find((i) => i.ws === m.ws)?.n ?? 0));
  const used: Record<LimitedFeature, number | null> = {
    workspaces: await countOwnedWorkspaces(db, userId),
    invitations: Math.max(0, ...seats),
    embedDomains: new Set(await domainsOfUser(db, userId)).size,
    calendarIntegrations: await countLiveFeedsOf(db, userId),
  };
  return {
    plan,
    usage: (Object.keys(used) as LimitedFeature[]).map((feature) => ({
      feature,
      used: used[feature],
      limit: limitOf(plan, feature),
    })),
    ...(await billingDates(db, userId)),
    onlinePayment: options.onlinePayment ?? false,
  };
}

/** From the subscription Stripe last reported: it renews, or it ends at the period's end. */
async function billingDates(db: Executor, userId: string) {
  const account = await findBillingAccount(db, userId);
  const periodEnd = account?.plan ? (account.currentPeriodEnd?.toISOString() ?? null) : null;
  const ending = account?.cancelAtPeriodEnd ?? false;
  return {
    renewsAt: ending ? null : periodEnd,
    endsAt: ending ? periodEnd : null,
    manageable: account !== null,
  };
}
