import type { CalculationList } from "#contracts/calculations.ts";
import { request, requestCompiled } from "~/lib/api-client";
import { listCalculations } from "~/lib/signed-in-calls";

// Saved calculations of a workspace (API.md "calculations"): history pages, the latest N and
// delete. The lists are checked by their generated parser (decision 035); the declarations (and
// zod) load with a delete, or when a parser cannot say yes. The CSV export's address is in
// calculations-csv.ts.

export {
  calculationPageQueryKey,
  calculationsQueryKey,
  latestCalculationsQueryKey,
} from "./query-keys";

const calculations = () => import("#contracts/endpoints/calculations.ts");

export async function fetchCalculationPage(
  workspaceId: string,
  page: number,
): Promise<CalculationList> {
  return requestCompiled(listCalculations, {
    params: { ws: workspaceId },
    query: { page: String(page) },
  });
}

export async function fetchLatestCalculations(
  workspaceId: string,
  latest: number,
): Promise<CalculationList> {
  return requestCompiled(listCalculations, {
    params: { ws: workspaceId },
    query: { latest: String(latest) },
  });
}

export async function deleteCalculation(workspaceId: string, id: string): Promise<void> {
  await request((await calculations()).deleteCalculation, { params: { ws: workspaceId, id } });
}
