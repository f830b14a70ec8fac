import { calculationCsvColumns } from "../../contracts/calculations.ts";
import type { Db } from "../db/client.ts";
import {
  listCalculationsAfter,
  type CalculationSummaryRow,
} from "../db/repositories/calculations.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

const batchSize = 1_000;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes
 * doubled. A cell that a spreadsheet would read as a formula (it starts with = + - @, a tab or
 * a carriage return) gets a leading apostrophe first (OWASP "CSV injection").
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

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
