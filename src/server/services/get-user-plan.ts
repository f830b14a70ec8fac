import { eq } from "drizzle-orm";
import { defaultPlan, type PlanId } from "../../domain/plans.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { profiles } from "../db/schema.ts";

/**
 * The account's plan: the one stored on its profile (bought), else the instance's default
 * (`DEFAULT_PLAN`, free unless configured). Payments are not built yet, so nothing writes the
 * stored plan but an operator.
 */
export async function getUserPlan(options: {
  db: Executor;
  userId: string;
  instanceDefault?: PlanId;
}): Promise<PlanId> {
  const [row] = await options.db
    .select({ plan: profiles.plan })
    .from(profiles)
    .where(eq(profiles.id, options.userId));
  return row?.plan ?? options.instanceDefault ?? defaultPlan;
}
