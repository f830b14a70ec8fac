import { ChevronDown, ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef } from "react";
import type {
  ChevronProps,
  ClassNames,
  CustomComponents,
  DayButtonProps,
  DayProps,
  DayPickerLocale,
  DropdownProps,
  WeekdayProps,
  WeekdaysProps,
} from "react-day-picker";
import { ar } from "react-day-picker/locale/ar";
import { enUS } from "react-day-picker/locale/en-US";
import { fr } from "react-day-picker/locale/fr";
import { nl } from "react-day-picker/locale/nl";
import { tr } from "react-day-picker/locale/tr";
import { formatHijriDayOfMonth } from "#domain/dates/index.ts";
import type { Language } from "~/app/route-table";
import { cn } from "~/components/ui/cn";

// The pieces react-day-picker draws with (decision 068): its own components kept for behaviour
// (focus, keys), rendered here with the app's palette, and the Hijri day under each Gregorian one.

/** react-day-picker's date-fns locale per language (the grid's weeks and its own words); one line per language. */
export const dayPickerLocales: Record<Language, DayPickerLocale> = { en: enUS, fr, nl, ar, tr };

/** A calendar day "YYYY-MM-DD" as the local midnight react-day-picker counts in. */
export function dateOf(day: string): Date {
  return new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
}

/** The calendar day of react-day-picker's local date. */
const pad2 = (n: number) => String(n).padStart(2, "0");

export function dayOf(date: Date): string {
  return [date.getFullYear(), pad2(date.getMonth() + 1), pad2(date.getDate())].join("-");
}

/**
 * A day: the Gregorian number, the Umm al-Qura day under it. `data-day` is on the button (the
 * thing that takes the focus); a day after `max` stays readable and focusable by a screen
 * reader (aria-disabled) and react-day-picker ignores its click. Its name is the full date as
 * text, not an aria-label: a label would leave out the drawn Hijri number (WCAG 2.5.3, axe's
 * label-content-name-mismatch), as on the calendar's cells.
 */
export function DayButton({
  day,
  modifiers,
  className,
  disabled,
  "aria-label": name,
  ...props
}: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const off = Boolean(disabled || modifiers.disabled);
  return (
    <button
      ref={ref}
      {...props}
      data-day={day.isoDate}
      aria-disabled={off || undefined}
      aria-current={modifiers.today ? "date" : undefined}
      className={cn(
        className,
        "relative flex size-10 flex-col items-center justify-center rounded-full text-sm leading-tight focus:ring-2 focus:ring-brand-400 focus:outline-none",
        modifiers.outside ? "text-stone-500" : "text-stone-900",
        modifiers.today && "font-bold",
        modifiers.selected
          ? "bg-brand-700 text-white hover:bg-brand-800"
          : !off && "hover:bg-brand-50",
        off && "cursor-not-allowed text-stone-300 line-through",
      )}
    >
      <span className="sr-only">{name}</span>
      <span aria-hidden="true">{Number(day.isoDate.slice(8, 10))}</span>
      <span
        aria-hidden="true"
        className={cn(
          "text-[0.625rem] font-normal",
          modifiers.selected ? "text-white" : "text-stone-500",
          off && "text-stone-300",
        )}
        data-testid="date-picker-hijri"
      >
        {formatHijriDayOfMonth(day.isoDate)}
      </span>
    </button>
  );
}

/** The grid cell; its day is on the button, so a page has one element per `data-day`. */
export function Day({ day: _day, modifiers: _modifiers, ...props }: DayProps) {
  return <td {...props} data-day={undefined} />;
}

/** The weekday row, kept readable (react-day-picker hides it): the grid's column headers. */
export function Weekdays(props: WeekdaysProps) {
  return (
    <thead>
      <tr {...props} />
    </thead>
  );
}

/** A weekday's column header: the short name shown, the long one its abbr (as `<th abbr>` means). */
export function Weekday({ "aria-label": long, ...props }: WeekdayProps) {
  return <th {...props} abbr={long} />;
}

export function Dropdown({ options, className, ...props }: DropdownProps) {
  return (
    <select
      {...props}
      className={cn(
        className,
        "rounded-md border border-stone-300 bg-white px-1 py-1 text-sm font-semibold text-stone-900 capitalize",
      )}
    >
      {options?.map(({ value, label, disabled }) => (
        <option key={value} value={value} disabled={disabled}>
          {label}
        </option>
      ))}
    </select>
  );
}

export function Chevron({ orientation, className }: ChevronProps) {
  const Icon =
    orientation === "left" ? ChevronLeft : orientation === "right" ? ChevronRight : ChevronDown;
  return <Icon aria-hidden="true" className={cn(className, "size-4")} />;
}

const navButton =
  "rounded-md p-2 text-stone-600 hover:bg-stone-100 aria-disabled:opacity-40 aria-disabled:hover:bg-transparent";

/** The layout in the app's Tailwind palette (dark mode through its variables, app/dark.css). */
export const dayPickerClassNames: Partial<ClassNames> = {
  months: "relative",
  month: "space-y-2",
  nav: "absolute inset-x-0 top-0 flex items-center justify-between",
  button_previous: navButton,
  button_next: navButton,
  month_caption: "flex h-9 items-center justify-center",
  dropdowns: "flex items-center gap-1",
  month_grid: "w-full border-collapse text-center text-sm",
  weekday: "pb-1 text-xs font-medium text-stone-500",
  day: "p-0.5",
};

/** The parts above, as react-day-picker's `components`. */
export const dayPickerComponents: Partial<CustomComponents> = {
  Chevron,
  Day,
  DayButton,
  Dropdown,
  Weekday,
  Weekdays,
};
