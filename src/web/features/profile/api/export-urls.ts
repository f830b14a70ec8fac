import * as account from "#contracts/endpoints/account.ts";
import type { ExportCsvTable } from "#contracts/me.ts";
import type { Language } from "~/app/route-table";
import { requestPath } from "~/lib/api-client";

// The export's addresses, read from the declarations as the profile page renders its links (apart
// from me-api.ts, whose calls load the declarations when they need them).

/** GET /api/me/export: a download (Content-Disposition: attachment). */
export const exportJsonUrl = account.exportAccountData.path;

/** GET /api/me/export.csv?table=…&lang=…: one table of the export as CSV, in the page's language. */
export function exportCsvUrl(table: ExportCsvTable, lang: Language): string {
  return requestPath(account.exportAccountCsv.path, {}, { table, lang });
}
