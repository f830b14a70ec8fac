import { useQuery } from "@tanstack/react-query";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { buttonClasses } from "~/components/ui/button";
import { formatDay } from "~/lib/format";
import type { EmbedUsageDay } from "#contracts/embed.ts";
import { embedUsageCsvUrl, embedUsageQueryKey, fetchEmbedUsage } from "../api/embed-configs-api";
import { UsageChart, usageColours, usageMetrics as metrics, type UsageMetric } from "./usage-chart";

// Issue 18: a configuration's counts of the last 30 days. The chart is a picture for sighted
// people (aria-hidden); the same numbers are a table for screen readers, and a CSV download.

const total = (days: EmbedUsageDay[], metric: UsageMetric) =>
  days.reduce((sum, day) => sum + day[metric], 0);

export function UsagePanel({ configId, lang }: { configId: string; lang: Language }) {
  const { t } = useTranslation("embed");
  const usage = useQuery({
    queryKey: embedUsageQueryKey(configId),
    queryFn: () => fetchEmbedUsage(configId),
  });
  if (usage.isPending) {
    return <p className="text-sm text-stone-600">{t("manager.usage.loading")}</p>;
  }
  if (usage.isError) {
    return (
      <p className="text-sm font-medium text-red-700" role="alert">
        {t("manager.usage.failed")}
      </p>
    );
  }
  const days = usage.data.days;

  return (
    <div className="space-y-3" data-testid="embed-usage">
      <h3 className="text-sm font-semibold text-stone-900">{t("manager.usage.title")}</h3>
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {metrics.map((metric) => (
          <div key={metric} className="rounded-lg bg-stone-50 px-3 py-2">
            <dt className="flex items-center gap-1.5 text-stone-600">
              <svg className="size-2.5" aria-hidden="true">
                <rect width="10" height="10" className={usageColours[metric].fill} />
              </svg>
              {t(`manager.usage.metrics.${metric}`)}
            </dt>
            <dd
              className="text-lg font-semibold text-stone-900 tabular-nums"
              data-testid={`usage-total-${metric}`}
            >
              {total(days, metric)}
            </dd>
          </div>
        ))}
      </dl>
      <UsageChart days={days} lang={lang} />
      <table className="sr-only" data-testid="usage-table">
        <caption>{t("manager.usage.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("manager.usage.day")}</th>
            {metrics.map((metric) => (
              <th key={metric} scope="col">
                {t(`manager.usage.metrics.${metric}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.day}>
              <th scope="row">{formatDay(day.day, lang)}</th>
              {metrics.map((metric) => (
                <td key={metric}>{day[metric]}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-xs text-stone-500">{t("manager.usage.privacy")}</p>
      <a
        href={embedUsageCsvUrl(configId)}
        download
        className={buttonClasses({ variant: "secondary", size: "sm" })}
        data-testid="usage-csv"
      >
        <Download aria-hidden="true" />
        {t("manager.usage.csv")}
      </a>
    </div>
  );
}
