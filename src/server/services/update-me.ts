import type { MeResponse, UpdateMeRequest } from "../../contracts/me.ts";
import type { PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import { updateProfile } from "../db/repositories/profiles.ts";
import { getMe, loadProvisionedUser } from "./get-me.ts";

/**
 * Edits the caller's profile (PATCH /api/me). Only the given fields change; blank strings
 * arrive here as null (the contract maps them). The e-mail is not editable here.
 */
export async function updateMe(options: {
  db: Db;
  userId: string;
  changes: UpdateMeRequest;
  defaultPlan?: PlanId;
}): Promise<MeResponse> {
  const { db, userId, changes } = options;
  if (changes.fullName !== undefined || changes.avatarUrl !== undefined) {
    await loadProvisionedUser({ db, userId });
    await updateProfile(db, { userId, fullName: changes.fullName, avatarUrl: changes.avatarUrl });
  }
  return getMe({ db, userId, defaultPlan: options.defaultPlan });
}
