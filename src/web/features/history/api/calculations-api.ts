import type { CalculationList } from "../../../../contracts/calculations";
import * as calculations from "../../../../contracts/endpoints/calculations";
import { request, requestPath } from "~/lib/api-client";

// Saved calculations of a workspace (API.md "calculations"): history pages, the latest N,
// delete and the CSV export's address.

/** Every calculation query of a workspace starts with this key: invalidate it after a change. */
export const calculationsQueryKey = (workspaceId: string) => ["calculations", workspaceId] as const;

/** One history page (10 rows, newest first). */
export const calculationPageQueryKey = (workspaceId: string, page: number) =>
  [...calculationsQueryKey(workspaceId), page] as const;

/** The N newest (the dashboard's recent list). */
export const latestCalculationsQueryKey = (workspaceId: string, latest: number) =>
  [...calculationsQueryKey(workspaceId), "latest", latest] as const;

export async function fetchCalculationPage(
  workspaceId: string,
  page: number,
): Promise<CalculationList> {
  return request(calculations.listCalculations, {
    params: { ws: workspaceId },
    query: { page: String(page) },
  });
}

export async function fetchLatestCalculations(
  workspaceId: string,
  latest: number,
): Promise<CalculationList> {
  return request(calculations.listCalculations, {
    params: { ws: workspaceId },
    query: { latest: String(latest) },
  });
}

export async function deleteCalculation(workspaceId: string, id: string): Promise<void> {
  await request(calculations.deleteCalculation, { params: { ws: workspaceId, id } });
}

/** GET …/calculations.csv: a download (Content-Disposition: attachment). */
export function calculationsCsvUrl(workspaceId: string): string {
  return requestPath(calculations.exportCalculationsCsv.path, { ws: workspaceId });
}
