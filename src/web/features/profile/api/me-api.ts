import type { PlanUsageResponse, MeResponse, UpdateMeRequest } from "#contracts/me.ts";
import { request, requestCompiled } from "~/lib/api-client";
import { getMe } from "~/lib/signed-in-calls";

export { meQueryKey, planUsageQueryKey } from "./me-keys";

// The account's declarations (and zod, which checks their answers) load with the first call
// that needs them: the dashboard's profile is checked by its generated parser (decision 035).
const account = () => import("#contracts/endpoints/account.ts");

export async function fetchMe(): Promise<MeResponse> {
  return requestCompiled(getMe);
}

/** GET /api/me/plan: the plan and the usage against each limit. */
export async function fetchPlanUsage(): Promise<PlanUsageResponse> {
  return request((await account()).getPlanUsage);
}

export async function patchMe(body: UpdateMeRequest): Promise<MeResponse> {
  return request((await account()).updateMe, { body });
}

/** DELETE /api/me with the password: the account is gone, and its session with it. */
export async function deleteAccount(password: string): Promise<void> {
  await request((await account()).deleteAccount, { body: { password } });
}
