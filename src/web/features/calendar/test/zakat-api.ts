import type { MilestoneChange, MilestoneDto, ZakatData } from "#contracts/zakat.ts";
import {
  deriveTimeline,
  plainMilestone,
  sortMilestones,
  type MilestoneType,
} from "#domain/hawl/index.ts";
import { apiCalls, apiError, route, serve } from "~/test/msw";

// The tracker API as the calendar uses it, as MSW handlers checked against the contract
// (src/contracts/endpoints/tracker.ts): GET …/zakat and DELETE …/milestones/:id from an
// in-memory list; a deleted threshold takes the milestones whose parentCode is its code (spec §4).

export { workspace, workspacesState } from "~/features/history/test/calculations-api";
import { workspace } from "~/features/history/test/calculations-api";

let counter = 0;

export function milestone(
  date: string,
  title: string,
  type: MilestoneType = "due",
  extra: Partial<MilestoneDto> = {},
): MilestoneDto {
  counter += 1;
  return plainMilestone({
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    date,
    title,
    type,
    ...extra,
  });
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
  } as ZakatData; // the handler checks it against zakatDataSchema
}

export function serveZakat(
  rows: MilestoneDto[],
  options: { failLoad?: boolean; failDelete?: boolean; slowLoad?: Promise<void> } = {},
) {
  serve(
    route("get", "/api/workspaces/{ws}/zakat", async ({ params }) => {
      if (options.slowLoad) await options.slowLoad;
      if (params.ws !== workspace.id) return apiError(404, "NOT_FOUND", "Not found");
      if (options.failLoad) return apiError(500, "INTERNAL", "boom");
      return Response.json(zakatData(rows));
    }),
    route("delete", "/api/workspaces/{ws}/milestones/{id}", ({ params }) => {
      if (options.failDelete) return apiError(500, "INTERNAL", "boom");
      const target = rows.find((r) => r.id === params.id);
      if (params.ws !== workspace.id || !target) return apiError(404, "NOT_FOUND", "Not found");
      const gone = rows.filter(
        (r) =>
          r.id === target.id ||
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
    }),
  );
}

/** The DELETE requests made so far, as milestone ids. */
export function deletedIds(): string[] {
  return apiCalls()
    .filter((c) => c.method === "DELETE")
    .map((c) => decodeURIComponent(c.path.split("/").at(-1)!));
}
