import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useLanguage } from "~/app/language";
import { Button } from "~/components/ui/button";
import { useBillingPortal } from "~/features/billing";
import { formatDay } from "~/lib/format";
import { fetchPlanUsage, planUsageQueryKey } from "../api/me-api";

/**
 * Under the profile's plan (issue 14): the renewal or end date of a bought plan, "Manage
 * billing" (Stripe's customer portal) for an account that bought one, and the usage against
 * each limit.
 */
export function PlanUsage() {
  const { t } = useTranslation("profile");
  const lang = useLanguage();
  const query = useQuery({ queryKey: planUsageQueryKey, queryFn: fetchPlanUsage, retry: false });
  const { portal, open: manage } = useBillingPortal();
  if (!query.data) return null;
  const { renewsAt, endsAt, manageable, onlinePayment } = query.data;

  return (
    <div className="mt-2 text-sm font-normal text-stone-700">
      {renewsAt || endsAt ? (
        <p data-testid="plan-dates">
          {renewsAt
            ? t("billing.renewsOn", { date: formatDay(renewsAt.slice(0, 10), lang) })
            : t("billing.endsOn", { date: formatDay(endsAt!.slice(0, 10), lang) })}
        </p>
      ) : null}
      {manageable && onlinePayment ? (
        <div className="mt-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => void manage()}
            disabled={portal === "opening"}
            data-testid="manage-billing"
          >
            {t("billing.manageBilling")}
          </Button>
          {portal === "failed" ? (
            <p role="alert" className="mt-1 text-sm font-medium text-red-700">
              {t("billing.billingFailed")}
            </p>
          ) : null}
        </div>
      ) : null}
      <ul className="mt-2 space-y-1" data-testid="plan-usage">
        {query.data.usage.map(({ feature, used, limit }) => (
          <li key={feature} data-testid={`plan-usage-${feature}`}>
            {t("usage.label", { label: t(`usage.${feature}`) })}{" "}
            {limit === null
              ? t("usage.unlimited", { used: used ?? "–" })
              : t("usage.of", { used: used ?? "–", limit })}
          </li>
        ))}
      </ul>
    </div>
  );
}
