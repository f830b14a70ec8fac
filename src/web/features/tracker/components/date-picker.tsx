import { CalendarDays, ChevronLeft, ChevronRight } from "lucide-react";
import * as Popover from "radix-ui/popover";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  addDays,
  addMonths,
  monthGrid,
  startOfMonth,
  startOfWeek,
} from "../../../../domain/hawl/index";
import {
  formatDayWithWeekday,
  formatMonthYear,
  monthName,
  weekdayName,
} from "../../../../domain/dates";
import { useLanguage } from "~/app/language";
import type { Language } from "~/app/route-table";
import { cn } from "~/components/ui/cn";
import { formatDayLong, useToday } from "../lib/dates";

// A date picker that can only be picked from (spec "Nisab tracker": typing blocked): a button
// that opens a month grid. Keyboard: arrows move by a day or a week, Home/End to the start or
// end of the week, Page Up/Down by a month (with Shift by a year), Enter or Space picks, Escape
// closes; focus goes back to the button. The month and the year are also chosen directly from
// two lists. Any visible day is picked by a click, also one of the month before or after (issue
// 11). Weeks start on Sunday, as on the calendar page. Days after `max` (or before `min`) cannot
// be picked.

export interface DatePickerProps {
  /** "YYYY-MM-DD" or null when none is picked */
  value: string | null;
  onChange: (day: string) => void;
  /** the visible label, also the button's accessible name with the date */
  label: string;
  max?: string;
  min?: string;
  id?: string;
  error?: string | null;
  disabled?: boolean;
  /** today's calendar day (marked, and where the grid opens); the browser's today by default */
  today?: string;
}

/** 0 = Sunday: the calendar page's weeks (features/calendar) start on Sunday in every language. */
const weekStart = 0;

function clamp(day: string, min?: string, max?: string): string {
  if (max && day > max) return max;
  if (min && day < min) return min;
  return day;
}

export function DatePicker({
  value,
  onChange,
  label,
  max,
  min,
  id: givenId,
  error,
  disabled,
  today: givenToday,
}: DatePickerProps) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const browserToday = useToday();
  const today = givenToday ?? browserToday;
  const generated = useId();
  const id = givenId ?? generated;
  const labelId = `${id}-label`;
  const valueId = `${id}-value`;
  const errorId = `${id}-error`;
  const [open, setOpen] = useState(false);

  return (
    <div className="space-y-1.5">
      <span id={labelId} className="block text-sm font-medium text-stone-800">
        {label}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          id={id}
          type="button"
          disabled={disabled}
          aria-labelledby={`${labelId} ${valueId}`}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          className={cn(
            "flex h-11 w-full items-center gap-2 rounded-lg border bg-white px-3 text-start text-base shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none disabled:opacity-50",
            error ? "border-red-500" : "border-stone-300",
          )}
          data-testid="date-picker-trigger"
        >
          <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-stone-500" />
          <span
            id={valueId}
            className={value ? "text-stone-900" : "text-stone-500"}
            data-testid="date-picker-value"
            data-value={value ?? ""}
          >
            {value ? formatDayLong(value, lang) : t("datePicker.placeholder")}
          </span>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="start"
            sideOffset={6}
            collisionPadding={8}
            aria-label={t("datePicker.dialog")}
            className="z-50 w-[19rem] rounded-xl border border-stone-200 bg-white p-3 shadow-lg data-[state=open]:animate-fade-in"
            // the day in the grid's tab stop takes the focus (once this layer is on top of a
            // dialog's focus trap, which it would not be yet in the grid's own first effect)
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              (event.currentTarget as HTMLElement | null)
                ?.querySelector<HTMLButtonElement>("[data-day][tabindex='0']")
                ?.focus();
            }}
          >
            <MonthGrid
              initial={clamp(value ?? today, min, max)}
              selected={value}
              today={today}
              min={min}
              max={max}
              lang={lang}
              onPick={(day) => {
                onChange(day);
                setOpen(false);
              }}
            />
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

function MonthGrid({
  initial,
  selected,
  today,
  min,
  max,
  lang,
  onPick,
}: {
  initial: string;
  selected: string | null;
  today: string;
  min?: string;
  max?: string;
  lang: Language;
  onPick: (day: string) => void;
}) {
  const { t } = useTranslation("tracker");
  const [focused, setFocused] = useState(initial);
  // the month shown; focusing a day of the month before or after does not turn the page, so
  // the click that follows picks that very day
  const [first, setFirst] = useState(startOfMonth(initial));
  const grid = useRef<HTMLTableElement>(null);
  const headingId = useId();
  const helpId = useId();
  const weeks = monthGrid(first, weekStart);
  const monthTitle = formatMonthYear(first, lang);
  const shownYear = Number(first.slice(0, 4));
  const lowestYear = min
    ? Number(min.slice(0, 4))
    : Math.min(shownYear, Number(today.slice(0, 4)) - 30);
  const highestYear = max
    ? Number(max.slice(0, 4))
    : Math.max(shownYear, Number(today.slice(0, 4)) + 10);
  const years: number[] = [];
  for (let y = highestYear; y >= lowestYear; y--) years.push(y);
  const allowed = (day: string) => (!max || day <= max) && (!min || day >= min);

  // after a move, the focused day has the focus (roving tabindex); the first focus is given
  // by the popover when it opens
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) return;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const move = (day: string) => {
    moved.current = true;
    const next = clamp(day, min, max);
    setFocused(next);
    setFirst(startOfMonth(next));
  };
  /** The month and year lists: the same day in that month (kept within min and max). */
  const showMonth = (year: number, month: number) => {
    const months = year * 12 + month - (shownYear * 12 + Number(first.slice(5, 7)) - 1);
    const base = startOfMonth(focused) === first ? focused : first;
    const next = clamp(addMonths(base, months), min, max);
    setFocused(next);
    setFirst(startOfMonth(next));
  };

  function onKeyDown(event: React.KeyboardEvent) {
    const shift = event.shiftKey;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(focused, -1),
      ArrowRight: () => addDays(focused, 1),
      ArrowUp: () => addDays(focused, -7),
      ArrowDown: () => addDays(focused, 7),
      Home: () => startOfWeek(focused, weekStart),
      End: () => addDays(startOfWeek(focused, weekStart), 6),
      PageUp: () => addMonths(focused, shift ? -12 : -1),
      PageDown: () => addMonths(focused, shift ? 12 : 1),
    };
    const next = moves[event.key];
    if (!next) return;
    event.preventDefault();
    move(next());
  }

  const canGoBack = !min || addDays(first, -1) >= min;
  const canGoForward = !max || addMonths(first, 1) <= max;

  return (
    <div>
      <div className="mb-2 flex items-center justify-between gap-2">
        <button
          type="button"
          onClick={() => move(addMonths(focused, -1))}
          disabled={!canGoBack}
          aria-label={t("datePicker.previousMonth")}
          className="rounded-md p-2 text-stone-600 hover:bg-stone-100 disabled:opacity-40"
          data-testid="date-picker-previous"
        >
          <ChevronLeft aria-hidden="true" className="size-4" />
        </button>
        <p id={headingId} aria-live="polite" className="sr-only" data-testid="date-picker-month">
          {monthTitle}
        </p>
        <div className="flex items-center gap-1">
          <select
            aria-label={t("datePicker.month")}
            value={Number(first.slice(5, 7)) - 1}
            onChange={(event) => showMonth(shownYear, Number(event.target.value))}
            className="rounded-md border border-stone-300 bg-white px-1 py-1 text-sm font-semibold text-stone-900 capitalize"
            data-testid="date-picker-month-select"
          >
            {Array.from({ length: 12 }, (_, m) => (
              <option key={m} value={m}>
                {monthName(m + 1, lang)}
              </option>
            ))}
          </select>
          <select
            aria-label={t("datePicker.year")}
            value={shownYear}
            onChange={(event) =>
              showMonth(Number(event.target.value), Number(first.slice(5, 7)) - 1)
            }
            className="rounded-md border border-stone-300 bg-white px-1 py-1 text-sm font-semibold text-stone-900"
            data-testid="date-picker-year-select"
          >
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          onClick={() => move(addMonths(focused, 1))}
          disabled={!canGoForward}
          aria-label={t("datePicker.nextMonth")}
          className="rounded-md p-2 text-stone-600 hover:bg-stone-100 disabled:opacity-40"
          data-testid="date-picker-next"
        >
          <ChevronRight aria-hidden="true" className="size-4" />
        </button>
      </div>
      <table
        ref={grid}
        role="grid"
        aria-labelledby={headingId}
        aria-describedby={helpId}
        className="w-full border-collapse text-center text-sm"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {weeks[0]!.map((day) => (
              <th key={day} scope="col" abbr={weekdayName(day, lang, "long")} className="pb-1">
                <span className="text-xs font-medium text-stone-500">
                  {weekdayName(day, lang, "short")}
                </span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => {
                const inMonth = day.slice(0, 7) === first.slice(0, 7);
                const isSelected = day === selected;
                const enabled = allowed(day);
                return (
                  <td key={day} role="gridcell" aria-selected={isSelected} className="p-0.5">
                    <button
                      type="button"
                      tabIndex={day === focused ? 0 : -1}
                      data-day={day}
                      aria-label={formatDayWithWeekday(day, lang)}
                      aria-current={day === today ? "date" : undefined}
                      aria-disabled={enabled ? undefined : true}
                      onClick={() => (enabled ? onPick(day) : undefined)}
                      onFocus={() => {
                        if (day !== focused) setFocused(day);
                      }}
                      className={cn(
                        "size-9 rounded-full text-sm focus:ring-2 focus:ring-brand-400 focus:outline-none",
                        inMonth ? "text-stone-900" : "text-stone-500",
                        day === today && "font-bold",
                        isSelected
                          ? "bg-brand-700 text-white hover:bg-brand-800"
                          : enabled && "hover:bg-brand-50",
                        !enabled && "cursor-not-allowed text-stone-300 line-through",
                      )}
                    >
                      {Number(day.slice(8, 10))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={helpId} className="sr-only">
        {t("datePicker.keyboardHelp")}
      </p>
    </div>
  );
}
