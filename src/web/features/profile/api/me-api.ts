import * as account from "../../../../contracts/endpoints/account";
import type {
  ExportTable,
  PlanUsageResponse,
  MeResponse,
  UpdateMeRequest,
} from "../../../../contracts/me";
import { request, requestPath } from "~/lib/api-client";

export { meQueryKey, planUsageQueryKey } from "./me-keys";

export async function fetchMe(): Promise<MeResponse> {
  return request(account.getMe);
}

/** GET /api/me/plan: the plan and the usage against each limit. */
export async function fetchPlanUsage(): Promise<PlanUsageResponse> {
  return request(account.getPlanUsage);
}

export async function patchMe(body: UpdateMeRequest): Promise<MeResponse> {
  return request(account.updateMe, { body });
}

/** GET /api/me/export: a download (Content-Disposition: attachment). */
export const exportJsonUrl = account.exportAccountData.path;

/** GET /api/me/export.csv?table=…: one table of the export as CSV. */
export function exportCsvUrl(table: ExportTable): string {
  return requestPath(account.exportAccountCsv.path, {}, { table });
}

/** DELETE /api/me with the password: the account is gone, and its session with it. */
export async function deleteAccount(password: string): Promise<void> {
  await request(account.deleteAccount, { body: { password } });
}
