import type { CalculationList } from "../../../../contracts/calculations";
import * as calculations from "../../../../contracts/endpoints/calculations";
import { request, requestPath } from "~/lib/api-client";

// Saved calculations of a workspace (API.md "calculations"): history pages, the latest N,
// delete and the CSV export's address.

export {
  calculationPageQueryKey,
  calculationsQueryKey,
  latestCalculationsQueryKey,
} from "./query-keys";

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
