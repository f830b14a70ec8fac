import { defaultPlan, type PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";

/** The account's plan. Every account is on the free plan until payments land. */
export async function getUserPlan(_options: { db: Db; userId: string }): Promise<PlanId> {
  return defaultPlan;
}
