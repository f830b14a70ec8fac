import { useQuery } from "@tanstack/react-query";
import type { StatementList } from "#contracts/statements.ts";
import type { Language } from "#domain/language.ts";
import { ApiError, isErrorBody, requestCompiled, requestPath } from "~/lib/api-client";
import { listStatements } from "~/lib/signed-in-calls";

// The zakat statements of a workspace (issue 33), on the dashboard's first load too: the list is
// checked by its generated parser (decision 035), so zod does not load for it. Under the
// tracker's key: a tracker write invalidates it with the timeline.

/** getStatementPdf's path (contracts/endpoints/statements.ts; a unit test keeps them equal) */
export const statementPdfPath = `${listStatements.path}/{year}.pdf`;

export interface StatementsView extends StatementList {
  /** the PDF's address of a year in the page's language, resting on `calculation` if given */
  pdfHref: (due: string, calculation?: string) => string;
}

export async function fetchStatements(workspaceId: string, lang: Language) {
  const list = await requestCompiled(listStatements, { params: { ws: workspaceId } });
  return {
    ...list,
    pdfHref: (due: string, calculation?: string) =>
      requestPath(statementPdfPath, { ws: workspaceId, year: due }, { lang, calculation }),
  } satisfies StatementsView;
}

export function useStatements(workspaceId: string, lang: Language) {
  return useQuery({
    queryKey: ["zakat", workspaceId, "statements", lang] as const,
    queryFn: () => fetchStatements(workspaceId, lang),
  });
}

/**
 * Fetches a statement and hands it to the browser as a download, under the server's file name.
 * Fetched rather than followed, so a refusal (STATEMENT_NO_CALCULATION: the year's calculation
 * was deleted or reopened meanwhile) becomes a message on the page, not a file of JSON.
 */
export async function downloadStatement(href: string): Promise<void> {
  const response = await fetch(href, { credentials: "same-origin" });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    if (isErrorBody(body)) {
      const { code, message, fields } = body.error;
      throw new ApiError(response.status, code, message, fields, body);
    }
    throw new ApiError(response.status, "INTERNAL", response.statusText);
  }
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ??
    "zakat-statement.pdf";
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // released once the browser has surely read it
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
