import type { StatementList } from "../../contracts/statements.ts";
import type { PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import { readStatementBasis, statementsIncluded } from "./statement-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

/**
 * GET /api/workspaces/:ws/statements: the zakat years, newest due date first, each with the
 * calculation its statement would rest on. Free accounts get the list too (the page shows
 * what a statement holds and the upgrade), with `included: false`.
 */
export async function listStatements(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  defaultPlan?: PlanId;
}): Promise<StatementList> {
  const { db } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  const { included } = await statementsIncluded(db, { ...options, workspaceId });
  const basis = await db.transaction(async (tx) => readStatementBasis(tx, workspaceId), {
    isolationLevel: "repeatable read",
    accessMode: "read only",
  });
  return {
    included,
    years: basis.years
      .map((y) => ({
        due: y.due,
        start: y.start,
        hijriYear: y.hijriYear,
        calculationId: y.calculation?.id ?? null,
        calculationDate: y.calculation?.calculationDate ?? null,
        calculations: y.calculations,
      }))
      .reverse(),
  };
}
