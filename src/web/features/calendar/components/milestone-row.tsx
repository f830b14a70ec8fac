import { createContext, useContext } from "react";
import { useTranslation } from "react-i18next";
import type { MilestoneDto } from "#contracts/zakat.ts";
import { cn } from "~/components/ui/cn";
import { hijriDate, mediumDate } from "../model/calendar-format";
import { MilestoneTitle, MilestoneTypeBadges, typeLooks } from "./milestone-badge";

/**
 * The thresholds whose year a fall below nisab ended (domain endedYears, majority rule): id →
 * that day. Such a threshold has no due date; its row says the year ended, and why.
 */
export const EndedYearsContext = createContext<ReadonlyMap<string, string>>(new Map());

/**
 * One milestone in a list (day dialog, day view, period list, timeline): a coloured bar and
 * the type's icon and word, the title (struck through when cancelled), the Gregorian and Hijri
 * dates, and a threshold's zakat due date. `actions` goes at the end of the row.
 */
export function MilestoneRow({
  milestone,
  tag,
  showDate = true,
  actions,
  className,
}: {
  milestone: MilestoneDto;
  tag: string;
  /** off where the day is already the heading (dialog, day view) */
  showDate?: boolean;
  actions?: React.ReactNode;
  className?: string;
}) {
  const { t } = useTranslation("calendar");
  const endedOn = useContext(EndedYearsContext).get(milestone.id) ?? null;
  return (
    <li
      className={cn("flex items-start gap-3 py-3", className)}
      data-testid="milestone-row"
      data-milestone-id={milestone.id}
    >
      <span
        aria-hidden="true"
        className={cn("mt-1 h-10 w-1 shrink-0 rounded-full", typeLooks[milestone.type].dot)}
      />
      <div className="min-w-0 flex-1 space-y-1">
        <p>
          <MilestoneTitle milestone={milestone} />
        </p>
        <MilestoneTypeBadges milestone={milestone} />
        {showDate && (
          <p className="text-sm text-stone-600" data-testid="milestone-dates">
            <time dateTime={milestone.date}>{mediumDate(tag, milestone.date)}</time>
            <span aria-hidden="true"> · </span>
            <span className="text-gold-800">{hijriDate(tag, milestone.date)}</span>
          </p>
        )}
        {endedOn !== null ? (
          <p className="text-sm text-stone-600" data-testid="milestone-ended">
            {t("milestone.ended", { date: mediumDate(tag, endedOn) })}
          </p>
        ) : (
          milestone.endDate && (
            <p className="text-sm text-stone-600" data-testid="milestone-end">
              {t("milestone.endDate", { date: mediumDate(tag, milestone.endDate) })}
              <span aria-hidden="true"> · </span>
              <span className="text-gold-800">{hijriDate(tag, milestone.endDate)}</span>
            </p>
          )
        )}
      </div>
      {actions ? <div className="shrink-0">{actions}</div> : null}
    </li>
  );
}
