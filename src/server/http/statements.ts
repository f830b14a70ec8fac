import type { Context, MiddlewareHandler } from "hono";
import * as api from "../../contracts/endpoints/statements.ts";
import type { PlanId } from "../../domain/plans.ts";
import { detectLanguage } from "../auth/language.ts";
import type { Db } from "../db/client.ts";
import { getStatement } from "../services/get-statement.ts";
import { listStatements } from "../services/list-statements.ts";
import type { AppEnv } from "./context.ts";
import { router } from "./route.ts";
import { workspaceScope } from "./workspace-guards.ts";

/** The zakat statement (issue 33): bound to contracts/endpoints/statements.ts; mount at "/". */
export function statementRoutes(deps: {
  db: Db;
  requireSession: MiddlewareHandler<AppEnv>;
  defaultPlan?: PlanId;
  now?: () => Date;
}) {
  const { db, requireSession, defaultPlan } = deps;
  const scope = (c: Context<AppEnv>) => ({ ...workspaceScope(db, c), defaultPlan });

  return router({ requireSession })
    .on(api.listStatements, async (c) => c.json(await listStatements(scope(c))))
    .on(api.getStatementPdf, async (c, { params, query }) => {
      const { bytes, fileName } = await getStatement({
        ...scope(c),
        year: params.year,
        calculationId: query.calculation,
        lang: query.lang ?? detectLanguage(c.req.raw.headers),
        now: deps.now?.() ?? new Date(),
      });
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${fileName}"`,
        "Cache-Control": "private, no-store",
      });
    }).app;
}
