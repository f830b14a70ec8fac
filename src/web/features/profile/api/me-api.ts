import {
  meResponseSchema,
  planUsageResponseSchema,
  type ExportTable,
  type PlanUsageResponse,
  type MeResponse,
  type UpdateMeRequest,
} from "../../../../contracts/me";
import { api } from "~/lib/api-client";

export const meQueryKey = ["me"] as const;

export async function fetchMe(): Promise<MeResponse> {
  return meResponseSchema.parse(await api<unknown>("/api/me"));
}

export const planUsageQueryKey = ["me", "plan"] as const;

/** GET /api/me/plan: the plan and the usage against each limit. */
export async function fetchPlanUsage(): Promise<PlanUsageResponse> {
  return planUsageResponseSchema.parse(await api<unknown>("/api/me/plan"));
}

export async function patchMe(body: UpdateMeRequest): Promise<MeResponse> {
  return meResponseSchema.parse(await api<unknown>("/api/me", { method: "PATCH", body }));
}

/** GET /api/me/export: a download (Content-Disposition: attachment). */
export const exportJsonUrl = "/api/me/export";

/** GET /api/me/export.csv?table=…: one table of the export as CSV. */
export function exportCsvUrl(table: ExportTable): string {
  return `/api/me/export.csv?table=${table}`;
}

/** DELETE /api/me with the password: the account is gone, and its session with it. */
export async function deleteAccount(password: string): Promise<void> {
  await api<void>("/api/me", { method: "DELETE", body: { password } });
}
