import { useId } from "react";

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
 * an optional hint wired through aria-describedby.
 */
export function SelectField<T extends string>({
  label,
  value,
  options,
  optionLabel,
  optionLang,
  onChange,
  hint,
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
  id?: string;
  testId?: string;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <LabelledField id={id} label={label}>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={selectClasses}
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option} value={option} lang={optionLang?.(option)}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
    </LabelledField>
  );
}
