import { calculationCsvColumns } from "../../contracts/calculations.ts";
import { csvCell, csvLine } from "../csv.ts";
import type { Db } from "../db/client.ts";
import {
  listCalculationsAfter,
  type CalculationSummaryRow,
} from "../db/repositories/calculations.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

const batchSize = 1_000;

// the one CSV cell escaping of the server (src/server/csv.ts); kept importable from here
export { csvCell, csvLine };

function rowCells(row: CalculationSummaryRow): string[] {
  return [
    row.name,
    row.calculationDate,
    row.isCompleted ? "Completed" : "Draft",
    row.currency,
    row.totalAssets,
    row.totalLiabilities,
    row.zakatableAmount,
    row.nissabValue,
    row.isAboveNissab ? "yes" : "no",
    row.zakatDue,
    row.createdAt.toISOString(),
  ];
}

/**
 * GET /api/workspaces/:ws/calculations.csv: the whole history, newest first, read in keyset
 * batches. UTF-8 with a byte-order mark (spreadsheets then read non-Latin names right), CRLF.
 */
export async function exportCalculationsCsv(options: {
  db: Db;
  userId: string;
  workspaceId: string;
}): Promise<string> {
  const { db, userId } = options;
  const workspaceId = options.workspaceId.toLowerCase();
  await assertWorkspaceMember(db, { workspaceId, userId });
  const parts = ["\uFEFF", csvLine(calculationCsvColumns)];
  let after: string | null = null;
  for (;;) {
    const rows = await listCalculationsAfter(db, workspaceId, after, batchSize);
    for (const row of rows) parts.push(csvLine(rowCells(row)));
    if (rows.length < batchSize) break;
    after = rows[rows.length - 1]!.id;
  }
  return parts.join("");
}
