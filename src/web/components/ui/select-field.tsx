import { ChevronDown } from "lucide-react";
import { useId } from "react";
import { cn } from "./cn";

/** A label above its control (`id` is the control's). */
export function LabelledField({
  id,
  label,
  children,
}: {
  id: string;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      {children}
    </div>
  );
}

export const selectClasses =
  "block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none";

/**
 * A labelled native select (keyboard and screen readers get the platform's own control), with
 * an optional hint and error wired through aria-describedby. The chosen option is shown by a box under the
 * transparent select that wraps a long label instead of cutting it ("The lower of gold a…",
 * issue 30); the select itself takes the clicks, the keys and the focus.
 */
export function SelectField<T extends string>({
  label,
  value,
  options,
  optionLabel,
  optionLang,
  onChange,
  hint,
  error,
  ref,
  id: givenId,
  testId,
}: {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  /** the language an option's label is written in, when not the page's */
  optionLang?: (option: T) => string;
  onChange: (value: T) => void;
  hint?: string;
  /** a refusal of the value (a form's, or the server's), shown under it */
  error?: string;
  /** the select itself (a form focuses it when it refuses the value) */
  ref?: React.Ref<HTMLSelectElement>;
  id?: string;
  testId?: string;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <LabelledField id={id} label={label}>
      <div className="relative">
        <select
          ref={ref}
          id={id}
          value={value}
          onChange={(event) => onChange(event.target.value as T)}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
          aria-invalid={error ? true : undefined}
          className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0"
          data-testid={testId}
        >
          {options.map((option) => (
            <option key={option} value={option} lang={optionLang?.(option)}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
        <div
          aria-hidden="true"
          lang={optionLang?.(value)}
          className={cn(
            "flex min-h-11 w-full items-center rounded-lg border bg-white py-2 pe-10 ps-3 text-base text-stone-900 shadow-sm peer-focus:border-brand-600 peer-focus:ring-2 peer-focus:ring-brand-200",
            error ? "border-red-500" : "border-stone-300",
          )}
          data-testid={testId ? `${testId}-shown` : undefined}
          data-select-shown=""
        >
          {optionLabel(value)}
          <ChevronDown
            className="pointer-events-none absolute top-1/2 inset-e-3 size-4 -translate-y-1/2 text-stone-500"
            aria-hidden="true"
          />
        </div>
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </LabelledField>
  );
}
