import { and, asc, eq } from "drizzle-orm";
import type { PlanId } from "../../../domain/plans.ts";
import {
  obligationPayments,
  obligations,
  profiles,
  workspaceMembers,
  workspaces,
  zakatCalculations,
} from "../schema.ts";
import type { Executor } from "./executor.ts";

// What the zakat statement reads besides the tracker's rows (issue 33).

export async function findWorkspaceName(db: Executor, workspaceId: string): Promise<string> {
  const [row] = await db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  return row?.name ?? "";
}

/** The stored plans of the workspace's owners (null: none stored, the instance's default). */
export async function ownerPlans(db: Executor, workspaceId: string): Promise<(PlanId | null)[]> {
  const rows = await db
    .select({ plan: profiles.plan })
    .from(workspaceMembers)
    .leftJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
  return rows.map((r) => r.plan ?? null);
}

/** The completed calculations' names and dates: what a year's calculation is chosen from. */
export async function listCompletedCalculationDates(db: Executor, workspaceId: string) {
  const rows = await db
    .select({
      id: zakatCalculations.id,
      name: zakatCalculations.name,
      calculationDate: zakatCalculations.calculationDate,
      updatedAt: zakatCalculations.updatedAt,
    })
    .from(zakatCalculations)
    .where(
      and(eq(zakatCalculations.workspaceId, workspaceId), eq(zakatCalculations.isCompleted, true)),
    );
  return rows.map((r) => ({ ...r, isCompleted: true, updatedAt: r.updatedAt.toISOString() }));
}

/** Every payment of the workspace, oldest first. */
export function listPayments(db: Executor, workspaceId: string) {
  return db
    .select({
      obligationId: obligationPayments.obligationId,
      amount: obligationPayments.amount,
      paidOn: obligationPayments.paidOn,
    })
    .from(obligationPayments)
    .innerJoin(obligations, eq(obligations.id, obligationPayments.obligationId))
    .where(eq(obligationPayments.workspaceId, workspaceId))
    .orderBy(asc(obligationPayments.paidOn), asc(obligationPayments.createdAt));
}
