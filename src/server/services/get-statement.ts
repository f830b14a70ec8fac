import { isCalendarDay } from "../../domain/hawl/calendar-day.ts";
import { yearTimeline } from "../../domain/hawl/statement-years.ts";
import type { Language } from "../../domain/language.ts";
import type { PlanId } from "../../domain/plans.ts";
import type { Db } from "../db/client.ts";
import { findCalculation } from "../db/repositories/calculations.ts";
import { findWorkspaceName } from "../db/repositories/statements.ts";
import { AppError } from "../errors.ts";
import { renderOnThread } from "../statements/pdf-thread.ts";
import { isoDay } from "./calculation-records.ts";
import { readStatementBasis, statementPlanError, statementsIncluded } from "./statement-records.ts";
import { assertWorkspaceMember } from "./workspace-access.ts";

const yearNotFound = () => new AppError("NOT_FOUND", "No zakat year falls due on that day.");

/**
 * GET /api/workspaces/:ws/statements/:year.pdf (issue 33): the statement of the year due on
 * `year`, resting on the completed calculation nearest to the due date or the one asked for
 * (one of the year's completed calculations: 404 for an unknown one, 409 for another year's or
 * a draft).
 * The data is read in one snapshot; the statement is written and drawn on the render thread.
 */
export async function getStatement(options: {
  db: Db;
  userId: string;
  workspaceId: string;
  /** the path's "YYYY-MM-DD.pdf" */
  year: string;
  calculationId?: string | undefined;
  lang: Language;
  now: Date;
  defaultPlan?: PlanId;
}): Promise<{ bytes: Uint8Array; fileName: string }> {
  const { db, lang, now } = options;
  const workspaceId = await assertWorkspaceMember(db, options);
  const { included, plan } = await statementsIncluded(db, { ...options, workspaceId });
  if (!included) throw statementPlanError(plan);
  const due = /^(\d{4}-\d{2}-\d{2})\.pdf$/.exec(options.year)?.[1];
  if (!due || !isCalendarDay(due)) throw yearNotFound();

  const read = await db.transaction(
    async (tx) => {
      const basis = await readStatementBasis(tx, workspaceId);
      const year = basis.years.find((y) => y.due === due);
      if (!year) throw yearNotFound();
      const picked = options.calculationId?.toLowerCase();
      const id = picked ?? year.calculation?.id;
      const calculation = id ? await findCalculation(tx, workspaceId, id) : null;
      if (picked !== undefined) {
        // another workspace's calculation is as unknown here as on every other route
        if (!calculation) throw new AppError("NOT_FOUND", "No such calculation.");
        if (!year.calculations.some((c) => c.id === calculation.id)) {
          throw new AppError(
            "STATEMENT_CALCULATION_NOT_IN_YEAR",
            "That calculation is not a completed calculation of this zakat year.",
          );
        }
      }
      if (!calculation?.isCompleted) {
        throw new AppError(
          "STATEMENT_NO_CALCULATION",
          "No completed calculation for this zakat year yet.",
        );
      }
      const workspaceName = await findWorkspaceName(tx, workspaceId);
      return { basis, year, calculation, workspaceName };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
  const { basis, year, calculation } = read;
  const bytes = await renderOnThread({
    lang,
    workspaceName: read.workspaceName,
    generatedOn: isoDay(now),
    createdAt: now,
    year,
    hawlRule: basis.settings.hawlRule,
    yearBasis: basis.settings.yearBasis,
    calculation,
    timeline: yearTimeline(basis.timeline, year),
    records: basis.recordsOf(year),
    recordCurrency: basis.settings.currency,
  });
  return { bytes, fileName: `zakat-statement-${year.hijriYear}AH-${year.due}.pdf` };
}
