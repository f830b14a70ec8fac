import {
  calculationPageSize,
  type CalculationList,
  type CalculationListQuery,
} from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import { countCalculations, listCalculationPage } from "../db/repositories/calculations.ts";
import { toCalculationSummary } from "./calculation-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/**
 * GET /api/workspaces/:ws/calculations: page N (10 a page, newest first, exact count), or the
 * N newest with `latest`. The count and the page are two queries run side by side.
 */
export async function listCalculations(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  query: CalculationListQuery;
}): Promise<CalculationList> {
  const { db, userId, query } = options;
  const workspaceId = options.workspaceId.toLowerCase();
  await assertWorkspaceMember(db, { workspaceId, userId });
  const page = query.latest === undefined ? (query.page ?? 1) : 1;
  const limit = query.latest ?? calculationPageSize;
  const [totalCount, rows] = await Promise.all([
    countCalculations(db, workspaceId),
    listCalculationPage(db, workspaceId, { limit, offset: (page - 1) * calculationPageSize }),
  ]);
  return {
    calculations: rows.map(toCalculationSummary),
    totalCount,
    totalPages: Math.ceil(totalCount / calculationPageSize),
    page,
  };
}
