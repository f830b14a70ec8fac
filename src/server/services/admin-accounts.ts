import { eq, sql } from "drizzle-orm";
import { limitOf, planIds, type LimitedFeature, type PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import { domainsOfUser } from "../db/repositories/embed-configs.ts";
import type { Executor } from "../db/repositories/executor.ts";
import { countOwnedWorkspaces, lockUser } from "../db/repositories/workspaces.ts";
import { and, like } from "drizzle-orm";
import { profiles, twoFactor, user, verification } from "../db/schema.ts";

// The operator's side of plans (`npm run admin`, docs/decisions/015-plans-and-billing.md):
// show an account's plan and usage, set its plan. No HTTP route reaches these.

export class AdminError extends Error {}

export interface AccountSummary {
  email: string;
  userId: string;
  /** the plan stored on the profile; null: the instance's DEFAULT_PLAN */
  storedPlan: PlanId | null;
  plan: PlanId;
  usage: { feature: LimitedFeature; used: number | null; limit: number | null }[];
}

export function isPlanId(value: string): value is PlanId {
  return (planIds as readonly string[]).includes(value);
}

async function findUserId(db: Executor, email: string): Promise<string> {
  const [row] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  if (!row) throw new AdminError(`No account with the e-mail address ${email}.`);
  return row.id;
}

export async function showAccount(
  db: Executor,
  options: { email: string; defaultPlan: PlanId },
): Promise<AccountSummary> {
  const userId = await findUserId(db, options.email);
  const [row] = await db
    .select({ email: user.email, plan: profiles.plan })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  const plan = row?.plan ?? options.defaultPlan;
  const used: Record<LimitedFeature, number | null> = {
    workspaces: await countOwnedWorkspaces(db, userId),
    embedDomains: new Set(await domainsOfUser(db, userId)).size,
    // per workspace (invitations) and calendar feeds are not summed per account here
    invitations: null,
    calendarIntegrations: null,
  };
  return {
    email: row!.email,
    userId,
    storedPlan: row?.plan ?? null,
    plan,
    usage: (Object.keys(used) as LimitedFeature[]).map((feature) => ({
      feature,
      used: used[feature],
      limit: limitOf(plan, feature),
    })),
  };
}

/**
 * Stores `plan` on the account's profile (creating the profile row if it is missing), under
 * the lock of the account's row, the lock every plan limit check takes.
 */
export async function setPlan(
  db: Db,
  options: { email: string; plan: PlanId; defaultPlan: PlanId },
): Promise<AccountSummary> {
  await db.transaction(async (tx) => {
    const userId = await findUserId(tx, options.email);
    await lockUser(tx, userId);
    await tx
      .insert(profiles)
      .values({ id: userId, plan: options.plan })
      .onConflictDoUpdate({
        target: profiles.id,
        set: { plan: options.plan, updatedAt: sql`now()` },
      });
  });
  return showAccount(db, options);
}

/**
 * Turns two-factor off for an account that lost both its authenticator and its backup codes
 * (decision 071): the secret, the backup codes and the browsers trusted to skip the code go;
 * the password and the passkeys stay. The operator checks who is asking before running it.
 */
export async function resetTwoFactor(
  db: Db,
  options: { email: string; defaultPlan: PlanId },
): Promise<AccountSummary> {
  await db.transaction(async (tx) => {
    const userId = await findUserId(tx, options.email);
    await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
    await tx
      .delete(verification)
      .where(and(like(verification.identifier, "trust-device-%"), eq(verification.value, userId)));
    await tx
      .update(user)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(user.id, userId));
  });
  return showAccount(db, options);
}

/** One command of `npm run admin`, as the CLI and the admin socket both run it. */
export type AdminCommand =
  | { command: "show"; email: string }
  | { command: "set-plan"; email: string; plan: string }
  | { command: "reset-2fa"; email: string };

export async function runAdminCommand(
  db: Db,
  input: AdminCommand,
  defaultPlan: PlanId,
): Promise<AccountSummary> {
  if (input.command === "show") return showAccount(db, { email: input.email, defaultPlan });
  if (input.command === "reset-2fa") return resetTwoFactor(db, { email: input.email, defaultPlan });
  if (input.command === "set-plan") {
    if (!isPlanId(input.plan)) {
      throw new AdminError(`Unknown plan "${input.plan}": use one of ${planIds.join(", ")}.`);
    }
    return setPlan(db, { email: input.email, plan: input.plan, defaultPlan });
  }
  throw new AdminError("Unknown command.");
}
