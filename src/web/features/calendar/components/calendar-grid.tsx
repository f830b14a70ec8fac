import { memo, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { MilestoneDto } from "#contracts/zakat.ts";
import { useLanguage } from "~/app/language";
import { directionOf } from "~/app/locale-tags";
import { cn } from "~/components/ui/cn";
import { moveFocus, type GridMove } from "../model/calendar-days";
import { fullDate, hijriCellText, hijriDate, weekdayNames } from "../model/calendar-format";
import { cellPreview, type DayIndex } from "../model/milestone-index";
import { MilestoneChip, typeLooks } from "./milestone-badge";

const keyMoves: Readonly<Record<string, GridMove>> = {
  ArrowLeft: "previousDay",
  ArrowRight: "nextDay",
  ArrowUp: "up",
  ArrowDown: "down",
  Home: "weekStart",
  End: "weekEnd",
  PageUp: "previousPeriod",
  PageDown: "nextPeriod",
};
// A right-to-left grid puts Sunday on the right: the left arrow goes to the day drawn on the
// left, the next one (ARIA grid pattern; the date picker's react-day-picker does the same).
const rtlKeyMoves: Readonly<Record<string, GridMove>> = {
  ...keyMoves,
  ArrowLeft: "nextDay",
  ArrowRight: "previousDay",
};

/**
 * The month and week views: an ARIA grid of days, Sunday first. One cell is in the tab order
 * (the focused day); arrow keys, Home/End and Page Up/Down move it, Enter or Space opens the
 * day's dialog. Each cell is labelled with its full Gregorian and Hijri date and its count.
 * On small screens the cells condense to the day numbers and coloured dots (the period's list
 * below the grid carries the titles); from `sm` up they show at most 2 titles and "+N more".
 */
export function CalendarGrid({
  view,
  weeks,
  month,
  focused,
  today,
  byDay,
  tag,
  labelledBy,
  onFocusDay,
  onOpenDay,
}: {
  view: "month" | "week";
  weeks: readonly (readonly string[])[];
  /** "YYYY-MM" of the month view: days of other months are dimmed; null in the week view */
  month: string | null;
  focused: string;
  today: string;
  byDay: DayIndex<MilestoneDto>;
  /** the page's BCP 47 language tag */
  tag: string;
  /** id of the period title */
  labelledBy: string;
  /** keyboard move to another day */
  onFocusDay: (day: string) => void;
  onOpenDay: (day: string) => void;
}) {
  const { t } = useTranslation("calendar");
  const helpId = useId();
  const gridRef = useRef<HTMLDivElement>(null);
  const focusAfterMove = useRef(false);
  const moves = directionOf(useLanguage()) === "rtl" ? rtlKeyMoves : keyMoves;
  const short = weekdayNames(tag, "short");
  const long = weekdayNames(tag, "long");

  // After a keyboard move the new day's cell takes the focus (it may be in another month).
  useEffect(() => {
    if (!focusAfterMove.current) return;
    focusAfterMove.current = false;
    gridRef.current?.querySelector<HTMLElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  // one handler for the whole grid: the cells take no callbacks and re-render only when their
  // own day, milestones or focus change
  function onClick(event: React.MouseEvent<HTMLDivElement>) {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-day]");
    if (target) onOpenDay(target.dataset.day!);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    const target = (event.target as HTMLElement).closest<HTMLElement>("[data-day]");
    if (!target) return;
    const day = target.dataset.day!;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      onOpenDay(day);
      return;
    }
    const move = moves[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    const next = moveFocus(view, day, move);
    if (next === day) return;
    focusAfterMove.current = true;
    onFocusDay(next);
  }

  return (
    <div>
      <p id={helpId} className="sr-only">
        {t("grid.keyboardHelp")}
      </p>
      <div
        ref={gridRef}
        role="grid"
        aria-labelledby={labelledBy}
        aria-describedby={helpId}
        className="overflow-hidden rounded-xl border border-stone-200"
        onKeyDown={onKeyDown}
        onClick={onClick}
        data-testid="calendar-grid"
        data-view={view}
      >
        <div role="row" className="grid grid-cols-7 border-b border-stone-200 bg-stone-50">
          {short.map((name, i) => (
            <div
              key={name}
              role="columnheader"
              aria-label={long[i]}
              className="px-1 py-2 text-center text-xs font-semibold tracking-wide text-stone-600 uppercase"
            >
              <abbr title={long[i]} className="no-underline">
                {name}
              </abbr>
            </div>
          ))}
        </div>
        {weeks.map((week, w) => (
          <div
            key={week[0]}
            role="row"
            className={cn("grid grid-cols-7", w > 0 && "border-t border-stone-200")}
          >
            {week.map((day, d) => (
              <DayCell
                key={day}
                day={day}
                view={view}
                firstCell={w === 0 && d === 0}
                outside={month !== null && !day.startsWith(month)}
                isToday={day === today}
                isFocused={day === focused}
                milestones={byDay.get(day)}
                tag={tag}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

const DayCell = memo(function DayCell({
  day,
  view,
  firstCell,
  outside,
  isToday,
  isFocused,
  milestones,
  tag,
}: {
  day: string;
  view: "month" | "week";
  firstCell: boolean;
  outside: boolean;
  isToday: boolean;
  isFocused: boolean;
  milestones: readonly MilestoneDto[] | undefined;
  tag: string;
}) {
  const { t } = useTranslation("calendar");
  const count = milestones?.length ?? 0;
  const { shown, more } = cellPreview(milestones);
  const date = fullDate(tag, day);
  const hijri = hijriDate(tag, day);
  const label =
    (isToday ? `${t("grid.today")}, ` : "") +
    (count === 0 ? t("grid.cellEmpty", { date, hijri }) : t("grid.cell", { date, hijri, count }));

  return (
    <div
      role="gridcell"
      tabIndex={isFocused ? 0 : -1}
      aria-current={isToday ? "date" : undefined}
      data-day={day}
      data-testid="calendar-day"
      className={cn(
        "group relative flex min-w-0 cursor-pointer flex-col gap-1 border-stone-200 p-1 outline-none sm:p-1.5 [&:not(:first-child)]:border-s",
        view === "month" ? "min-h-16 sm:min-h-28" : "min-h-24 sm:min-h-48",
        outside ? "bg-stone-50/70 text-stone-600" : "bg-white text-stone-900",
        "hover:bg-brand-50/60 focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-inset",
        isFocused && "bg-brand-50/40",
      )}
    >
      {/* the cell's name comes from this text (an aria-label would leave out the visible day
          numbers: WCAG 2.5.3); what is drawn below is hidden from assistive technology */}
      <span className="sr-only" data-testid="calendar-day-label">
        {label}
      </span>
      <div
        className="flex flex-col items-start gap-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-1"
        aria-hidden="true"
      >
        <span
          className={cn(
            "inline-flex size-6 items-center justify-center rounded-full text-sm font-semibold",
            isToday && "bg-brand-700 text-white",
          )}
          data-testid="gregorian-day"
        >
          {Number(day.slice(8))}
        </span>
        <span
          className={cn(
            "max-w-full truncate text-[0.65rem] leading-4 sm:text-xs",
            outside ? "text-stone-600" : "text-gold-800",
          )}
          data-testid="hijri-day"
        >
          {hijriCellText(tag, day, firstCell)}
        </span>
      </div>
      {count > 0 && (
        <>
          <ul className="hidden min-w-0 flex-col gap-0.5 sm:flex" aria-hidden="true">
            {shown.map((m) => (
              <li key={m.id} className="min-w-0">
                <MilestoneChip milestone={m} />
              </li>
            ))}
          </ul>
          {more > 0 && (
            <span
              className="hidden text-xs font-semibold text-brand-800 sm:block"
              aria-hidden="true"
              data-testid="calendar-more"
            >
              {t("grid.more", { count: more })}
            </span>
          )}
          <span className="flex flex-wrap items-center gap-0.5 sm:hidden" aria-hidden="true">
            {milestones!.slice(0, 3).map((m) => (
              <span key={m.id} className={cn("size-1.5 rounded-full", typeLooks[m.type].dot)} />
            ))}
            {count > 3 && <span className="text-[0.6rem] leading-3 text-stone-600">{count}</span>}
          </span>
        </>
      )}
    </div>
  );
});
