import { vi } from "vitest";
import type { CalculationSummary } from "../../../../contracts/calculations";
import type { Workspace, WorkspacesState } from "~/features/workspaces/hooks/use-workspaces";

// A fake of the saved-calculations API at the network boundary: `fetch` answers the contract's
// shapes (src/contracts/calculations.ts) from an in-memory list, newest first.

export const workspace: Workspace = {
  id: "00000000-0000-4000-8000-00000000000a",
  name: "Personal",
  role: "owner",
  createdBy: "u1",
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
};

export function workspacesState(current: Workspace | null = workspace): WorkspacesState {
  return {
    status: "ready",
    workspaces: current ? [current] : [],
    current,
    switchWorkspace: () => {},
    createWorkspace: async () => workspace,
    refresh: async () => {},
  };
}

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
  const base = `/api/workspaces/${workspace.id}/calculations`;
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://localhost");
    const method = init?.method ?? "GET";
    if (method === "GET" && url.pathname === base) {
      if (options.failList) {
        return Response.json({ error: { code: "INTERNAL", message: "boom" } }, { status: 500 });
      }
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
    }
    if (method === "DELETE" && url.pathname.startsWith(`${base}/`)) {
      if (options.failDelete) {
        return Response.json({ error: { code: "INTERNAL", message: "boom" } }, { status: 500 });
      }
      const id = url.pathname.slice(base.length + 1);
      const index = rows.findIndex((r) => r.id === id);
      if (index === -1) {
        return Response.json(
          { error: { code: "NOT_FOUND", message: "Not found" } },
          { status: 404 },
        );
      }
      rows.splice(index, 1);
      return new Response(null, { status: 204 });
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The query strings of the list requests made so far ("?page=2", "?latest=5"). */
export function listRequests(fetchMock: ReturnType<typeof serveCalculations>): string[] {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? "GET") === "GET")
    .map(([input]) => new URL(input, "http://localhost").search);
}
