import { useTranslation } from "react-i18next";
import type { MilestoneDto } from "#contracts/zakat.ts";
import { fullDate, hijriDate } from "../model/calendar-format";
import { cellPreview, type DayIndex } from "../model/milestone-index";
import { MilestoneChip } from "./milestone-badge";

/**
 * The list fallback of small screens: the days of the period that have milestones, each with
 * its titles, under the condensed grid. Each day opens the day dialog.
 */
export function PeriodList({
  days,
  byDay,
  tag,
  onOpenDay,
}: {
  days: readonly string[];
  byDay: DayIndex<MilestoneDto>;
  tag: string;
  onOpenDay: (day: string) => void;
}) {
  const { t } = useTranslation("calendar");
  const withMilestones = days.filter((day) => byDay.has(day));
  return (
    <section className="mt-4 sm:hidden" aria-label={t("list.label")} data-testid="period-list">
      {withMilestones.length === 0 ? (
        <p className="text-sm text-stone-600">{t("list.empty")}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200">
          {withMilestones.map((day) => {
            const { shown, more } = cellPreview(byDay.get(day), 3);
            return (
              <li key={day}>
                <button
                  type="button"
                  className="flex w-full flex-col gap-1.5 px-3 py-2.5 text-start hover:bg-stone-50"
                  onClick={() => onOpenDay(day)}
                  data-testid="period-list-day"
                >
                  <span className="text-sm font-semibold text-stone-900">
                    {fullDate(tag, day)}
                    <span className="ms-2 font-normal text-gold-800">{hijriDate(tag, day)}</span>
                  </span>
                  <span className="flex flex-col gap-1">
                    {shown.map((m) => (
                      <MilestoneChip key={m.id} milestone={m} />
                    ))}
                    {more > 0 && (
                      <span className="text-xs font-semibold text-brand-800">
                        {t("grid.more", { count: more })}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
