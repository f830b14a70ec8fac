import {
  statementYears,
  yearCalculations,
  yearOfDate,
  type StatementYear,
} from "../../domain/hawl/statement-years.ts";
import { cheapestPlanWith, planIncludes, type PlanId } from "../../domain/plans.ts";
import type { Executor } from "../db/repositories/executor.ts";
import {
  listCompletedCalculationDates,
  listPayments,
  ownerPlans,
} from "../db/repositories/statements.ts";
import { findZakatState, listMilestones, listObligations } from "../db/repositories/tracker.ts";
import { AppError } from "../errors.ts";
import { getUserPlan } from "./get-user-plan.ts";
import { settingsOf, toDomainMilestone } from "./tracker-records.ts";

// What the statement use cases share (issue 33, decision 063): the plan rule, and the
// workspace's years with the calculation each rests on, read in one snapshot.

/**
 * Statements are part of Standard and Pro. The reader's plan counts, and so does an owner's: an
 * accountant on Pro reads a client's statement, a family member reads the one their Standard
 * owner pays for.
 */
export async function statementsIncluded(
  db: Executor,
  options: { userId: string; workspaceId: string; defaultPlan?: PlanId },
): Promise<{ included: boolean; plan: PlanId }> {
  const fallback = options.defaultPlan ?? "free";
  const plan = await getUserPlan({ db, userId: options.userId, instanceDefault: fallback });
  if (planIncludes(plan, "statements")) return { included: true, plan };
  const owners = await ownerPlans(db, options.workspaceId);
  return { included: owners.some((p) => planIncludes(p ?? fallback, "statements")), plan };
}

export function statementPlanError(plan: PlanId): AppError {
  return new AppError(
    "PLAN_LIMIT_REACHED",
    "Zakat statements are part of the Standard and Pro plans.",
    { fields: { limit: "statements", plan, upgradeTo: cheapestPlanWith("statements") } },
  );
}

interface YearCalculation {
  id: string;
  name: string;
  calculationDate: string;
}

export type YearWithCalculation = StatementYear & {
  /** the one the statement rests on unless another is picked: `calculations[0]` */
  calculation: YearCalculation | null;
  /** the year's completed calculations, the default first */
  calculations: YearCalculation[];
};

/** The workspace's tracker read once: its years (each with its calculation) and its ledger. */
export async function readStatementBasis(db: Executor, workspaceId: string) {
  const milestoneRows = await listMilestones(db, workspaceId);
  const state = await findZakatState(db, workspaceId);
  const calculations = await listCompletedCalculationDates(db, workspaceId);
  const obligations = await listObligations(db, workspaceId);
  const payments = await listPayments(db, workspaceId);
  const settings = settingsOf(state);
  const timeline = milestoneRows.map(toDomainMilestone);
  const years = statementYears(timeline, settings.hawlRule, settings.yearBasis);
  const withCalculations: YearWithCalculation[] = years.map((year) => {
    const own = yearCalculations(year, years, calculations).map((c) => ({
      id: c.id,
      name: c.name,
      calculationDate: c.calculationDate,
    }));
    return { ...year, calculation: own[0] ?? null, calculations: own };
  });
  const recordsOf = (year: StatementYear) =>
    obligations
      .filter((o) => yearOfDate(o.dueDate, years)?.due === year.due)
      .sort((a, b) => (a.dueDate < b.dueDate ? -1 : a.dueDate > b.dueDate ? 1 : 0))
      .map((o) => ({
        category: o.category,
        dueDate: o.dueDate,
        amount: o.amount,
        payments: payments.filter((p) => p.obligationId === o.id),
      }));
  return { settings, timeline, years: withCalculations, recordsOf };
}
