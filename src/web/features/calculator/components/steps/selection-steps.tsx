import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { assetCategories, liabilityTypes } from "#domain/zakat/input.ts";
import type { StepProps } from "./step-props";

// The first two steps: which assets and which liabilities the person has.

/** A checkbox card: label and a one-line description. */
function Choice({
  checked,
  onChange,
  label,
  description,
  name,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  description: string;
  name: string;
}) {
  const id = useId();
  return (
    <label
      htmlFor={id}
      className={cn(
        "flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300",
        checked
          ? "border-brand-400 bg-brand-50"
          : "border-stone-200 bg-white hover:border-stone-300",
      )}
    >
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-description`}
        className="mt-1 size-4 shrink-0 accent-brand-700"
      />
      <span>
        <span id={`${id}-label`} className="block font-medium text-stone-900">
          {label}
        </span>
        <span id={`${id}-description`} className="mt-0.5 block text-sm text-stone-600">
          {description}
        </span>
      </span>
    </label>
  );
}

export function SelectAssetsStep({ draft, update }: StepProps) {
  const { t } = useTranslation("calculator");
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="sr-only">{t("steps.assets.title")}</legend>
      {assetCategories.map((category) => (
        <Choice
          key={category}
          name={`asset-${category}`}
          checked={draft.assetSelection[category]}
          onChange={(checked) =>
            update((d) => ({ ...d, assetSelection: { ...d.assetSelection, [category]: checked } }))
          }
          label={t(`assets.${category}.label`)}
          description={t(`assets.${category}.description`)}
        />
      ))}
    </fieldset>
  );
}

export function SelectLiabilitiesStep({ draft, update }: StepProps) {
  const { t } = useTranslation("calculator");
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="sr-only">{t("steps.liabilities.title")}</legend>
      {liabilityTypes.map((type) => (
        <Choice
          key={type}
          name={`liability-${type}`}
          checked={draft.liabilitySelection[type]}
          onChange={(checked) =>
            update((d) => ({
              ...d,
              liabilitySelection: { ...d.liabilitySelection, [type]: checked },
            }))
          }
          label={t(`liabilities.${type}.label`)}
          description={t(`liabilities.${type}.description`)}
        />
      ))}
    </fieldset>
  );
}
