import { eq } from "drizzle-orm";
import {
  canAddOneMore,
  limitOf,
  planThatLifts,
  type LimitedFeature,
  type PlanId,
} from "../../domain/plans.ts";
import type { Tx } from "../db/repositories/executor.ts";
import { lockUser } from "../db/repositories/workspaces.ts";
import { profiles } from "../db/schema.ts";
import { AppError } from "../errors.ts";

// Plan limits checked inside the transaction that adds the item (issue 14). The caller's row
// in `user` is locked first, so the plan read and the count cannot interleave with another
// request adding the same kind of item or with an operator changing the plan.

export { planThatLifts };

/**
 * 403 PLAN_LIMIT_REACHED naming the limit and the plan that lifts it, in `fields`:
 * `{ limit: <feature>, plan: <current plan>, limitValue: "<n>", upgradeTo?: <plan> }`.
 */
export function planLimitError(
  plan: PlanId,
  feature: LimitedFeature,
  count: number,
  message: string,
): AppError {
  const lifts = planThatLifts(feature, count);
  return new AppError("PLAN_LIMIT_REACHED", message, {
    fields: {
      limit: feature,
      plan,
      limitValue: String(limitOf(plan, feature)),
      ...(lifts ? { upgradeTo: lifts } : {}),
    },
  });
}

/** Locks the account's row and reads its plan (stored, else the instance's default). */
export async function lockAccountPlan(
  tx: Tx,
  options: { userId: string; defaultPlan?: PlanId },
): Promise<PlanId> {
  if (!(await lockUser(tx, options.userId))) {
    throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  }
  const [row] = await tx
    .select({ plan: profiles.plan })
    .from(profiles)
    .where(eq(profiles.id, options.userId));
  return row?.plan ?? options.defaultPlan ?? "free";
}

/**
 * May this account add one more calendar integration (calendar feed)? Call it inside the
 * transaction that inserts the feed, before the insert: it locks the account's row, reads the
 * plan, counts with `countIntegrations` (the caller's own table, read through `tx`) and throws
 * 403 PLAN_LIMIT_REACHED when one more does not fit. Existing feeds are never touched: after a
 * downgrade they keep working, only new ones are refused.
 */
export async function assertMayAddCalendarIntegration(
  tx: Tx,
  options: {
    userId: string;
    /** env DEFAULT_PLAN */
    defaultPlan?: PlanId;
    countIntegrations: (tx: Tx) => Promise<number>;
  },
): Promise<void> {
  const plan = await lockAccountPlan(tx, options);
  const count = await options.countIntegrations(tx);
  if (!canAddOneMore(plan, "calendarIntegrations", count)) {
    const limit = limitOf(plan, "calendarIntegrations");
    throw planLimitError(
      plan,
      "calendarIntegrations",
      count,
      `Your plan allows ${limit} calendar integration${limit === 1 ? "" : "s"}. Upgrade to add more.`,
    );
  }
}
