import { useQuery } from "@tanstack/react-query";
import type { StatementList } from "#contracts/statements.ts";
import type { Language } from "#domain/language.ts";
import { request, requestPath } from "~/lib/api-client";

// The zakat statements of a workspace (issue 33). The declarations (and zod) load with the
// first call. Under the tracker's key: a tracker write invalidates it with the timeline.
const statements = () => import("#contracts/endpoints/statements.ts");

export interface StatementsView extends StatementList {
  /** the PDF's address of a year, in the page's language: a plain download link */
  pdfHref: (due: string) => string;
}

export async function fetchStatements(workspaceId: string, lang: Language) {
  const api = await statements();
  const list = await request(api.listStatements, { params: { ws: workspaceId } });
  return {
    ...list,
    pdfHref: (due: string) =>
      requestPath(api.getStatementPdf.path, { ws: workspaceId, year: due }, { lang }),
  } satisfies StatementsView;
}

export function useStatements(workspaceId: string, lang: Language) {
  return useQuery({
    queryKey: ["zakat", workspaceId, "statements", lang] as const,
    queryFn: () => fetchStatements(workspaceId, lang),
  });
}
