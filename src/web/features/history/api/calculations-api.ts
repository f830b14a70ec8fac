import { calculationListSchema, type CalculationList } from "../../../../contracts/calculations";
import { api } from "~/lib/api-client";

// Saved calculations of a workspace (API.md "calculations"): history pages, the latest N,
// delete and the CSV export's address.

const base = (workspaceId: string) =>
  `/api/workspaces/${encodeURIComponent(workspaceId)}/calculations`;

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
  return calculationListSchema.parse(await api<unknown>(`${base(workspaceId)}?page=${page}`));
}

export async function fetchLatestCalculations(
  workspaceId: string,
  latest: number,
): Promise<CalculationList> {
  return calculationListSchema.parse(await api<unknown>(`${base(workspaceId)}?latest=${latest}`));
}

export async function deleteCalculation(workspaceId: string, id: string): Promise<void> {
  await api<void>(`${base(workspaceId)}/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** GET …/calculations.csv: a download (Content-Disposition: attachment). */
export function calculationsCsvUrl(workspaceId: string): string {
  return `${base(workspaceId)}.csv`;
}
