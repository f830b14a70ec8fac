import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { ElapsedHijri } from "#domain/hawl/hijri.ts";

/**
 * "1 year, 2 months, 3 days" / "1 an, 2 mois, 3 jours" / "1 jaar, 2 maanden, 3 dagen" for a
 * Hijri time the domain measured (elapsedHijri). Units that are 0 are left out; on the day
 * itself it says "0 days". The words and their plurals are the tracker catalog's (i18next:
 * French takes the singular for 0 and 1, English and Dutch for 1 only).
 */
export function useFormatElapsed(): (elapsed: ElapsedHijri) => string {
  const { t } = useTranslation("tracker");
  return useCallback(
    (e: ElapsedHijri) => {
      if (e.kind === "no-date") return t("elapsed.noDate");
      if (e.kind === "future") return t("elapsed.future");
      const parts: string[] = [];
      if (e.years > 0) parts.push(t("elapsed.year", { count: e.years }));
      if (e.months > 0) parts.push(t("elapsed.month", { count: e.months }));
      if (e.days > 0 || parts.length === 0) parts.push(t("elapsed.day", { count: e.days }));
      return parts.join(", ");
    },
    [t],
  );
}

/**
 * useFormatElapsed for a milestone's day seen from today (issue 30): "5 months, 22 days ago",
 * "Today" on the day itself, "Future date" after it.
 */
export function useFormatAgo(): (elapsed: ElapsedHijri) => string {
  const { t } = useTranslation("tracker");
  const format = useFormatElapsed();
  return useCallback(
    (e: ElapsedHijri) => {
      if (e.kind !== "elapsed") return format(e);
      if (e.years === 0 && e.months === 0 && e.days === 0) return t("elapsed.today");
      return t("elapsed.ago", { time: format(e) });
    },
    [t, format],
  );
}
