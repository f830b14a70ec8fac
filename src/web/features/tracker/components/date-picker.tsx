import { CalendarDays } from "lucide-react";
import * as Popover from "radix-ui/popover";
import { useId, useMemo, useState } from "react";
import { DayPicker, type Formatters, type Labels } from "react-day-picker";
import { useTranslation } from "react-i18next";
import {
  formatDayWithWeekday,
  formatMonthYear,
  monthName,
  weekdayName,
} from "#domain/dates/index.ts";
import { directionOf } from "#domain/language.ts";
import { useLanguage } from "~/app/language";
import type { Language } from "~/app/route-table";
import { cn } from "~/components/ui/cn";
import { formatDayLong, useToday } from "../lib/dates";
import {
  dateOf,
  dayOf,
  dayPickerClassNames,
  dayPickerComponents,
  dayPickerLocales,
} from "./day-picker-parts";

// A date picker that can only be picked from (spec "Nisab tracker": typing blocked): a button
// that opens react-day-picker's month grid (decision 068). Its keyboard: arrows move by a day or
// a week, Home/End to the start or end of the week, Page Up/Down by a month (with Shift by a
// year), Enter or Space picks, Escape closes; focus goes back to the button. The month and the
// year are also chosen from two lists. Any visible day is picked by a click, also one of the
// month before or after (issue 11). Weeks start on Sunday, as on the calendar page; the Hijri
// day is under each day. Days after `max` (or before `min`) cannot be picked. Every word and
// date it shows comes from the catalogues and domain/dates, not from date-fns.

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
  /** the button (a form focuses it when it refuses the date) */
  ref?: React.Ref<HTMLButtonElement>;
}

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
  ref,
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
  const helpId = `${id}-help`;
  const [open, setOpen] = useState(false);

  return (
    <div className="space-y-1.5">
      <span id={labelId} className="block text-sm font-medium text-stone-800">
        {label}
      </span>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger
          ref={ref}
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
            aria-describedby={helpId}
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
              helpId={helpId}
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
  helpId,
  selected,
  today,
  min,
  max,
  lang,
  onPick,
}: {
  initial: string;
  helpId: string;
  selected: string | null;
  today: string;
  min?: string;
  max?: string;
  lang: Language;
  onPick: (day: string) => void;
}) {
  const { t } = useTranslation("tracker");
  const [month, setMonth] = useState(() => dateOf(initial));
  // the year list: from min (or 30 years back) to max (or 10 years ahead), and the shown year
  const shownYear = month.getFullYear();
  const todayYear = Number(today.slice(0, 4));
  const startMonth = dateOf(min ?? `${Math.min(shownYear, todayYear - 30)}-01-01`);
  const endMonth = dateOf(max ?? `${Math.max(shownYear, todayYear + 10)}-12-01`);

  const formatters = useMemo<Partial<Formatters>>(
    () => ({
      formatCaption: (date) => formatMonthYear(dayOf(date), lang),
      formatMonthDropdown: (date) => monthName(date.getMonth() + 1, lang),
      formatYearDropdown: (date) => String(date.getFullYear()),
      formatWeekdayName: (date) => weekdayName(dayOf(date), lang, "short"),
    }),
    [lang],
  );
  const labels = useMemo<Partial<Labels>>(
    () => ({
      labelDayButton: (date) => formatDayWithWeekday(dayOf(date), lang),
      labelGrid: (date) => formatMonthYear(dayOf(date), lang),
      labelWeekday: (date) => weekdayName(dayOf(date), lang, "long"),
      labelMonthDropdown: () => t("datePicker.month"),
      labelYearDropdown: () => t("datePicker.year"),
      labelPrevious: () => t("datePicker.previousMonth"),
      labelNext: () => t("datePicker.nextMonth"),
      labelNav: () => t("datePicker.dialog"),
    }),
    [lang, t],
  );

  return (
    <div>
      <DayPicker
        mode="single"
        required
        selected={selected ? dateOf(selected) : undefined}
        onDayClick={(date, modifiers) => {
          if (!modifiers.disabled) onPick(dayOf(date));
        }}
        month={month}
        onMonthChange={setMonth}
        startMonth={startMonth}
        endMonth={endMonth}
        disabled={[
          ...(max ? [{ after: dateOf(max) }] : []),
          ...(min ? [{ before: dateOf(min) }] : []),
        ]}
        today={dateOf(today)}
        captionLayout="dropdown"
        reverseYears
        showOutsideDays
        // Sunday, as the calendar page's weeks (features/calendar) in every language
        weekStartsOn={0}
        // its arrow keys follow the reading direction
        dir={directionOf(lang)}
        locale={dayPickerLocales[lang]}
        formatters={formatters}
        labels={labels}
        components={dayPickerComponents}
        classNames={dayPickerClassNames}
      />
      <p id={helpId} className="sr-only">
        {t("datePicker.keyboardHelp")}
      </p>
    </div>
  );
}
