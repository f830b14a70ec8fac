import { useId } from "react";

/** A labelled native select (keyboard and screen readers get the platform's own control). */
export function SelectField<T extends string>({
  label,
  value,
  options,
  optionLabel,
  onChange,
  id: givenId,
  testId,
}: {
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (option: T) => string;
  onChange: (value: T) => void;
  id?: string;
  testId?: string;
}) {
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className="block h-11 w-full rounded-lg border border-stone-300 bg-white px-3 text-base text-stone-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-200 focus:outline-none"
        data-testid={testId}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {optionLabel(option)}
          </option>
        ))}
      </select>
    </div>
  );
}
