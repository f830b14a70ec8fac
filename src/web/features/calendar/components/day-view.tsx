import { useTranslation } from "react-i18next";
import type { MilestoneDto } from "#contracts/zakat.ts";
import { cn } from "~/components/ui/cn";
import { hijriDate } from "../model/calendar-format";
import { MilestoneRow } from "./milestone-row";

/** The day view: the day's Hijri date and every milestone of the day in full. */
export function DayView({
  day,
  today,
  milestones,
  tag,
}: {
  day: string;
  today: string;
  milestones: readonly MilestoneDto[];
  tag: string;
}) {
  const { t } = useTranslation("calendar");
  return (
    <section
      className={cn(
        "rounded-xl border border-stone-200 p-4",
        day === today && "border-brand-300 bg-brand-50/30",
      )}
      aria-label={hijriDate(tag, day)}
      data-testid="calendar-day-view"
      data-day={day}
    >
      {milestones.length === 0 ? (
        <p className="text-sm text-stone-600" data-testid="day-view-empty">
          {t("dayView.empty")}
        </p>
      ) : (
        <ul className="divide-y divide-stone-200">
          {milestones.map((m) => (
            <MilestoneRow key={m.id} milestone={m} tag={tag} showDate={false} />
          ))}
        </ul>
      )}
    </section>
  );
}
