import { eq } from "drizzle-orm";
import type { PlanId } from "../../../domain/plans.ts";
import { billingAccounts, billingEvents, profiles } from "../schema.ts";
import type { Executor, Tx } from "./executor.ts";

export type BillingAccount = typeof billingAccounts.$inferSelect;

export async function findBillingAccount(db: Executor, userId: string) {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId));
  return row ?? null;
}

export async function findBillingAccountByCustomer(db: Executor, customerId: string) {
  const [row] = await db
    .select()
    .from(billingAccounts)
    .where(eq(billingAccounts.stripeCustomerId, customerId));
  return row ?? null;
}

/** Links an account to its Stripe customer; the first link wins (a second checkout reuses it). */
export async function linkCustomer(db: Executor, userId: string, customerId: string) {
  await db
    .insert(billingAccounts)
    .values({ userId, stripeCustomerId: customerId })
    .onConflictDoNothing();
  return findBillingAccount(db, userId);
}

/** Records an event as applied; false when it already was (Stripe delivers at least once). */
export async function recordEvent(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx
    .insert(billingEvents)
    .values({ id, type })
    .onConflictDoNothing()
    .returning({ id: billingEvents.id });
  return rows.length > 0;
}

export async function saveSubscriptionState(
  tx: Tx,
  userId: string,
  state: Pick<
    BillingAccount,
    | "stripeSubscriptionId"
    | "plan"
    | "status"
    | "currentPeriodEnd"
    | "cancelAtPeriodEnd"
    | "lastEventAt"
  >,
) {
  await tx
    .update(billingAccounts)
    .set({ ...state, updatedAt: new Date() })
    .where(eq(billingAccounts.userId, userId));
}

/** The plan every limit check reads (profiles.plan); null: the instance's DEFAULT_PLAN. */
export async function setProfilePlan(tx: Tx, userId: string, plan: PlanId | null) {
  await tx.update(profiles).set({ plan, updatedAt: new Date() }).where(eq(profiles.id, userId));
}
