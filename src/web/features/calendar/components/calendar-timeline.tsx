import { ChevronDown, ChevronUp } from "lucide-react";
import { memo, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { MilestoneDto } from "#contracts/zakat.ts";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { hijriPeriodTitle, monthTitle } from "../model/calendar-format";
import {
  clampTimelineWindow,
  extendTimelineWindow,
  groupByMonth,
  initialTimelineWindow,
  timelinePageSize,
  type TimelineWindow,
} from "../model/milestone-index";
import { linkedCount, useMilestoneRemover } from "~/features/tracker";
import { DeleteMilestoneButton } from "./delete-milestone-button";
import { MilestoneRow } from "./milestone-row";

/**
 * Spec "Calendar": the timeline grouped by month, with delete per milestone. It renders a window
 * of at most 100 milestones from the month shown above (all of them in a usual workspace), with
 * buttons that show earlier or later ones: a workspace of 10,000 milestones never puts 10,000
 * rows and dialogs in the page. Give it `key={month shown}` so the window follows the calendar.
 */
export const CalendarTimeline = memo(function CalendarTimeline({
  workspaceId,
  sorted,
  from,
  tag,
}: {
  workspaceId: string;
  sorted: readonly MilestoneDto[];
  /** the first day of the month shown above */
  from: string;
  tag: string;
}) {
  const { t } = useTranslation("calendar");
  const headingId = useId();
  const remover = useMilestoneRemover(workspaceId);
  const [range, setRange] = useState<TimelineWindow>(() => initialTimelineWindow(sorted, from));
  const total = sorted.length;
  const { start, end } = clampTimelineWindow(range, total);
  const groups = useMemo(() => groupByMonth(sorted.slice(start, end)), [sorted, start, end]);

  return (
    <Card className="mt-8" data-testid="calendar-timeline">
      <section aria-labelledby={headingId}>
        <CardTitle as="h2" id={headingId}>
          {t("timeline.title")}
        </CardTitle>
        <CardDescription className="mt-1">{t("timeline.subtitle")}</CardDescription>

        {total === 0 ? (
          <div className="mt-4" data-testid="timeline-empty">
            <p className="text-sm leading-6 text-stone-600">{t("timeline.empty")}</p>
            <LocalizedLink
              to="/nisab"
              className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-3" })}
            >
              {t("timeline.emptyLink")}
            </LocalizedLink>
          </div>
        ) : (
          <>
            {(start > 0 || end < total) && (
              <p className="mt-3 text-sm text-stone-600" data-testid="timeline-range">
                {t("timeline.range", { from: start + 1, to: end, total })}
              </p>
            )}
            {start > 0 && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-3"
                onClick={() => setRange(extendTimelineWindow({ start, end }, total, -1))}
                data-testid="timeline-earlier"
              >
                <ChevronUp aria-hidden="true" />
                {t("timeline.showEarlier", { count: Math.min(start, timelinePageSize) })}
              </Button>
            )}
            <div className="mt-4 space-y-6">
              {groups.map((group) => (
                <MonthSection key={group.month} month={group.month} tag={tag}>
                  {group.milestones.map((m) => (
                    <MilestoneRow
                      key={m.id}
                      milestone={m}
                      tag={tag}
                      actions={
                        <DeleteMilestoneButton
                          milestone={m}
                          linked={linkedCount(sorted, m)}
                          onConfirm={() => remover.remove(m)}
                        />
                      }
                    />
                  ))}
                </MonthSection>
              ))}
            </div>
            {end < total && (
              <Button
                variant="secondary"
                size="sm"
                className="mt-4"
                onClick={() => setRange(extendTimelineWindow({ start, end }, total, 1))}
                data-testid="timeline-later"
              >
                <ChevronDown aria-hidden="true" />
                {t("timeline.showLater", { count: Math.min(total - end, timelinePageSize) })}
              </Button>
            )}
          </>
        )}
      </section>
    </Card>
  );
});

function MonthSection({
  month,
  tag,
  children,
}: {
  month: string;
  tag: string;
  children: React.ReactNode;
}) {
  const id = useId();
  const first = `${month}-01`;
  return (
    <section aria-labelledby={id} data-testid="timeline-month" data-month={month}>
      <h3 id={id} className="flex flex-wrap items-baseline gap-x-2 border-b border-stone-200 pb-1">
        <span className="font-semibold text-stone-900">{monthTitle(tag, first)}</span>
        <span className="text-sm text-gold-800">{hijriPeriodTitle("month", tag, first)}</span>
      </h3>
      <ul className="divide-y divide-stone-100">{children}</ul>
    </section>
  );
}
