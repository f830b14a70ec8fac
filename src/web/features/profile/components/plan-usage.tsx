import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { fetchPlanUsage, planUsageQueryKey } from "../api/me-api";

/** Usage against each limit of the plan (issue 14), under the profile's plan. */
export function PlanUsage() {
  const { t } = useTranslation("profile");
  const query = useQuery({ queryKey: planUsageQueryKey, queryFn: fetchPlanUsage, retry: false });
  if (!query.data) return null;
  return (
    <ul className="mt-2 space-y-1 text-sm font-normal text-stone-700" data-testid="plan-usage">
      {query.data.usage.map(({ feature, used, limit }) => (
        <li key={feature} data-testid={`plan-usage-${feature}`}>
          {t(`usage.${feature}`)}:{" "}
          {limit === null
            ? t("usage.unlimited", { used: used ?? "–" })
            : t("usage.of", { used: used ?? "–", limit })}
        </li>
      ))}
    </ul>
  );
}
