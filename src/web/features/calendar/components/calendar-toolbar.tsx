import { CalendarDays, CalendarRange, ChevronLeft, ChevronRight, Columns3 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { calendarViews, type CalendarView } from "../model/calendar-days";
import { hijriPeriodTitle, periodTitle } from "../model/calendar-format";

const viewIcons = { month: CalendarDays, week: Columns3, day: CalendarRange } as const;

/**
 * Previous / Today / Next, the period shown (Gregorian, and its Hijri months beneath), and the
 * Month / Week / Day switch (toggle buttons: aria-pressed tells which view is on).
 */
export function CalendarToolbar({
  view,
  date,
  tag,
  titleId,
  onPrevious,
  onNext,
  onToday,
  onView,
}: {
  view: CalendarView;
  date: string;
  tag: string;
  titleId: string;
  onPrevious: () => void;
  onNext: () => void;
  onToday: () => void;
  onView: (view: CalendarView) => void;
}) {
  const { t } = useTranslation("calendar");
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex items-center gap-3">
        <div role="group" aria-label={t("navigation.label")} className="flex items-center gap-1">
          <Button
            variant="secondary"
            size="icon"
            onClick={onPrevious}
            aria-label={t(`navigation.previous.${view}`)}
            data-testid="calendar-previous"
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button variant="secondary" onClick={onToday} data-testid="calendar-today">
            {t("navigation.today")}
          </Button>
          <Button
            variant="secondary"
            size="icon"
            onClick={onNext}
            aria-label={t(`navigation.next.${view}`)}
            data-testid="calendar-next"
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <div className="min-w-0" aria-live="polite" aria-atomic="true">
          <h2
            id={titleId}
            className="text-lg font-semibold tracking-tight text-stone-900 first-letter:uppercase sm:text-xl"
            data-testid="calendar-period"
          >
            {periodTitle(view, tag, date)}
          </h2>
          <p className="text-sm text-gold-800" data-testid="calendar-hijri-period">
            {t("hijriPeriod", { months: hijriPeriodTitle(view, tag, date) })}
          </p>
        </div>
      </div>
      <div
        role="group"
        aria-label={t("views.label")}
        className="inline-flex self-start rounded-lg border border-stone-300 bg-stone-50 p-0.5 lg:self-auto"
      >
        {calendarViews.map((v) => {
          const Icon = viewIcons[v];
          return (
            <button
              key={v}
              type="button"
              aria-pressed={v === view}
              onClick={() => onView(v)}
              data-testid={`calendar-view-${v}`}
              className={cn(
                "inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-semibold transition-colors [&_svg]:size-4",
                v === view
                  ? "bg-white text-brand-800 shadow-sm ring-1 ring-stone-200"
                  : "text-stone-600 hover:text-stone-900",
              )}
            >
              <Icon aria-hidden="true" />
              {t(`views.${v}`)}
            </button>
          );
        })}
      </div>
    </div>
  );
}
