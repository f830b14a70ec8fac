import { vi } from "vitest";
import type { MilestoneChange, MilestoneDto, ZakatData } from "../../../../contracts/zakat";
import { deriveTimeline, sortMilestones, type MilestoneType } from "../../../../domain/hawl";

// A fake of the tracker API at the network boundary: `fetch` answers GET …/zakat and
// DELETE …/milestones/:id with the contract's shapes (src/contracts/zakat.ts) from an in-memory
// list; a deleted threshold takes the milestones whose parentCode is its code (spec §4).

export { workspace, workspacesState } from "~/features/history/test/fake-calculations-server";
import { workspace } from "~/features/history/test/fake-calculations-server";

let counter = 0;

export function milestone(
  date: string,
  title: string,
  type: MilestoneType = "due",
  extra: Partial<MilestoneDto> = {},
): MilestoneDto {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    date,
    title,
    type,
    completed: false,
    code: null,
    parentCode: null,
    endDate: null,
    quarterlyReminder: false,
    monthlyReminder: false,
    titleCode: null,
    titleParams: null,
    ...extra,
  };
}

function zakatData(rows: MilestoneDto[]): ZakatData {
  const sorted = sortMilestones(rows);
  return {
    ...deriveTimeline(sorted, "majority"),
    milestones: sorted,
    obligations: [],
    totalDue: "0.00",
    totalPaid: "0.00",
    settings: { hawlRule: "majority", yearBasis: "hijri", currency: "EUR" },
  } as ZakatData;
}

export function serveZakat(
  rows: MilestoneDto[],
  options: { failLoad?: boolean; failDelete?: boolean; slowLoad?: Promise<void> } = {},
) {
  const base = `/api/workspaces/${workspace.id}`;
  const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, "http://localhost");
    const method = init?.method ?? "GET";
    if (method === "GET" && url.pathname === `${base}/zakat`) {
      if (options.slowLoad) await options.slowLoad;
      if (options.failLoad) {
        return Response.json({ error: { code: "INTERNAL", message: "boom" } }, { status: 500 });
      }
      return Response.json(zakatData(rows));
    }
    if (method === "DELETE" && url.pathname.startsWith(`${base}/milestones/`)) {
      if (options.failDelete) {
        return Response.json({ error: { code: "INTERNAL", message: "boom" } }, { status: 500 });
      }
      const id = url.pathname.slice(`${base}/milestones/`.length);
      const target = rows.find((r) => r.id === id);
      if (!target) {
        return Response.json(
          { error: { code: "NOT_FOUND", message: "Not found" } },
          { status: 404 },
        );
      }
      const gone = rows.filter(
        (r) =>
          r.id === id ||
          (target.type === "threshold" && target.code !== null && r.parentCode === target.code),
      );
      for (const g of gone) rows.splice(rows.indexOf(g), 1);
      const { milestones, ...state } = zakatData(rows);
      const change: MilestoneChange = {
        thresholdStatus: state.thresholdStatus,
        nissabDate: state.nissabDate,
        nextZakatDate: state.nextZakatDate,
        zakatYearStart: state.zakatYearStart,
        milestones,
        changed: gone.map((g) => g.id),
      };
      return Response.json(change);
    }
    return new Response(null, { status: 404 });
  });
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

/** The DELETE requests made so far, as milestone ids. */
export function deletedIds(fetchMock: ReturnType<typeof serveZakat>): string[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === "DELETE")
    .map(([input]) => decodeURIComponent(String(input).split("/").at(-1)!));
}
