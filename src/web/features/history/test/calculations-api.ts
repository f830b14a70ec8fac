import type { CalculationSummary } from "#contracts/calculations.ts";
import type { Workspace, WorkspacesState } from "~/lib/use-workspaces";
import {
  workspacesState as sharedWorkspacesState,
  testWorkspace,
} from "~/features/workspaces/test/workspaces-state";
import { apiCalls, apiError, route, serve } from "~/test/msw";

// The saved-calculations API as MSW handlers checked against the contract
// (src/contracts/endpoints/calculations.ts): answers from an in-memory list, newest first.

export const workspace: Workspace = testWorkspace();

export const workspacesState = (current: Workspace | null = workspace): WorkspacesState =>
  sharedWorkspacesState(current);

/** `n` calculations, "Calculation n" the newest; odd ones completed. */
export function makeCalculations(n: number): CalculationSummary[] {
  return Array.from({ length: n }, (_, i) => {
    const k = n - i;
    return {
      id: `00000000-0000-4000-8000-${String(k).padStart(12, "0")}`,
      version: 1,
      name: `Calculation ${k}`,
      calculationDate: "2025-03-01",
      isCompleted: k % 2 === 1,
      currency: "EUR",
      createdBy: "u1",
      createdAt: new Date(Date.UTC(2025, 2, 1, 0, k)).toISOString(),
      updatedAt: new Date(Date.UTC(2025, 2, 1, 0, k)).toISOString(),
      totalAssets: "10000.00",
      totalLiabilities: "0.00",
      zakatableAmount: "10000.00",
      nissabValue: "5000.00",
      isAboveNissab: true,
      zakatDue: "1234.50",
    };
  });
}

export function serveCalculations(
  rows: CalculationSummary[],
  options: { failList?: boolean; failDelete?: boolean } = {},
) {
  serve(
    // the page's statement card (issue 33): a workspace without a zakat year yet
    route("get", "/api/workspaces/{ws}/statements", () =>
      Response.json({ included: true, years: [] }),
    ),
    route("get", "/api/workspaces/{ws}/calculations", ({ params, url }) => {
      if (params.ws !== workspace.id) return apiError(404, "NOT_FOUND", "Not found");
      if (options.failList) return apiError(500, "INTERNAL", "boom");
      const totalCount = rows.length;
      const totalPages = Math.ceil(totalCount / 10);
      const latest = url.searchParams.get("latest");
      if (latest) {
        return Response.json({
          calculations: rows.slice(0, Number(latest)),
          totalCount,
          totalPages,
          page: 1,
        });
      }
      const page = Number(url.searchParams.get("page") ?? "1");
      const calculations = rows.slice((page - 1) * 10, page * 10);
      return Response.json({ calculations, totalCount, totalPages, page });
    }),
    route("delete", "/api/workspaces/{ws}/calculations/{id}", ({ params }) => {
      if (options.failDelete) return apiError(500, "INTERNAL", "boom");
      const index = rows.findIndex((r) => r.id === params.id);
      if (params.ws !== workspace.id || index === -1) {
        return apiError(404, "NOT_FOUND", "Not found");
      }
      rows.splice(index, 1);
      return new Response(null, { status: 204 });
    }),
  );
}

/** The query strings of the list requests made so far ("?page=2", "?latest=5"). */
export function listRequests(): string[] {
  return apiCalls()
    .filter((c) => c.method === "GET" && c.path.endsWith("/calculations"))
    .map((c) => c.search);
}
