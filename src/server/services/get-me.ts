import type { MeResponse } from "../../contracts/me.ts";
import { defaultPlan, type PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import { findMe } from "../db/repositories/me-queries.ts";
import { findUserWithProfile, type UserWithProfile } from "../db/repositories/profiles.ts";
import { AppError } from "../errors.ts";
import { provisionNewAccount } from "./provision-new-account.ts";

/**
 * The account with its profile. An account whose sign-up provisioning did not finish gets its
 * profile and personal workspace now (provisioning is idempotent).
 */
export async function loadProvisionedUser(options: {
  db: Db;
  userId: string;
}): Promise<UserWithProfile & { profile: NonNullable<UserWithProfile["profile"]> }> {
  const { db, userId } = options;
  let found = await findMe(db, userId);
  if (found && !found.profile) {
    await provisionNewAccount(db, { userId, fullName: found.name });
    found = await findUserWithProfile(db, userId);
  }
  // the session outlived its account (deleted meanwhile): as good as signed out
  if (!found?.profile) throw new AppError("UNAUTHENTICATED", "Sign in to continue.");
  return { ...found, profile: found.profile };
}

/** The caller's account, profile and plan (GET /api/me). */
export async function getMe(options: {
  db: Db;
  userId: string;
  /** the plan of accounts that bought none (env DEFAULT_PLAN) */
  defaultPlan?: PlanId;
}): Promise<MeResponse> {
  const { db, userId } = options;
  const found = await loadProvisionedUser({ db, userId });
  const { profile } = found;
  return {
    user: { id: found.id, email: found.email, emailVerified: found.emailVerified },
    profile: {
      fullName: profile.fullName,
      avatarUrl: profile.avatarUrl,
      role: profile.role,
      createdAt: profile.createdAt.toISOString(),
      updatedAt: profile.updatedAt.toISOString(),
    },
    // getUserPlan's rule, from the profile just read (no second query)
    plan: profile.plan ?? options.defaultPlan ?? defaultPlan,
  };
}
