import * as calculations from "#contracts/endpoints/calculations.ts";
import { requestPath } from "~/lib/api-client";

/** GET …/calculations.csv: a download (Content-Disposition: attachment). */
export function calculationsCsvUrl(workspaceId: string): string {
  return requestPath(calculations.exportCalculationsCsv.path, { ws: workspaceId });
}
