import * as account from "../../../../contracts/endpoints/account";
import type { ExportTable } from "../../../../contracts/me";
import { requestPath } from "~/lib/api-client";

// The export's addresses, read from the declarations as the profile page renders its links (apart
// from me-api.ts, whose calls load the declarations when they need them).

/** GET /api/me/export: a download (Content-Disposition: attachment). */
export const exportJsonUrl = account.exportAccountData.path;

/** GET /api/me/export.csv?table=…: one table of the export as CSV. */
export function exportCsvUrl(table: ExportTable): string {
  return requestPath(account.exportAccountCsv.path, {}, { table });
}
