import {
  calculationPageSize,
  type CalculationList,
  type CalculationListQuery,
  uuidPattern,
} from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import { memberHistoryPage } from "../db/repositories/history-queries.ts";
import { AppError } from "../errors.ts";
import { toCalculationSummary } from "./calculation-records.ts";

/**
 * GET /api/workspaces/:ws/calculations: page N (10 a page, newest first, exact count), or the
 * N newest with `latest`. Membership, count and page come in one statement that answers
 * only a member of the workspace: a non-member gets 404 (API.md: no existence leak).
 */
export async function listCalculations(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  query: CalculationListQuery;
}): Promise<CalculationList> {
  const { db, userId, query } = options;
  const workspaceId = options.workspaceId.toLowerCase();
  const page = query.latest === undefined ? (query.page ?? 1) : 1;
  const limit = query.latest ?? calculationPageSize;
  // the membership is checked by the page's queries themselves (one round trip)
  const found = uuidPattern.test(workspaceId)
    ? await memberHistoryPage(
        db,
        { workspaceId, userId },
        { limit, offset: (page - 1) * calculationPageSize },
      )
    : null;
  if (!found) throw new AppError("NOT_FOUND", "Workspace not found.");
  const { totalCount, rows } = found;
  return {
    calculations: rows.map(toCalculationSummary),
    totalCount,
    totalPages: Math.ceil(totalCount / calculationPageSize),
    page,
  };
}
