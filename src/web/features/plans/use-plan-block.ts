import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { planLimits, planThatLifts, type LimitedFeature } from "~/app/plans";
import { fetchPlanUsage, planUsageQueryKey } from "~/features/profile";

/** Why one more is refused, said before the action is tried: the reason and the plan that lifts it. */
export interface PlanBlock {
  reason: string;
  lift: string | null;
}

/**
 * Whether the account's plan refuses one more `feature` (GET /api/me/plan), so the button says
 * so before it is pressed (issue 30: workspaces, invitations, calendar feeds, embed domains,
 * each with PlanBlockNote beside its disabled button); null while unknown or when it fits (the server still has
 * the last word). `used` overrides the account-wide count (invitations count per workspace);
 * undefined there and a plan with room: not known here, so not blocked.
 */
export function usePlanBlock(
  feature: LimitedFeature,
  options: { enabled?: boolean; used?: number; reason: (limit: number) => string },
): PlanBlock | null {
  const { t } = useTranslation("workspaces");
  const usage = useQuery({
    queryKey: planUsageQueryKey,
    queryFn: fetchPlanUsage,
    enabled: options.enabled ?? true,
    retry: false,
  });
  if (!usage.data) return null;
  const plan = usage.data.plan;
  const limit = planLimits[plan][feature];
  if (limit === null) return null;
  const counted = usage.data.usage.find((u) => u.feature === feature)?.used ?? undefined;
  const used =
    limit === 0 ? 0 : (options.used ?? (feature === "invitations" ? undefined : counted));
  if (used === undefined || used < limit) return null;
  const lifts = planThatLifts(feature, used);
  const next = lifts ? { plan: lifts, limit: planLimits[lifts][feature] } : null;
  const name = next ? t(`planRoom.names.${next.plan}`) : "";
  return {
    reason: options.reason(limit),
    lift: !next
      ? null
      : next.limit === null
        ? t("planRoom.liftUnlimited", { plan: name })
        : t("planRoom.liftLimited", { plan: name, count: next.limit }),
  };
}
