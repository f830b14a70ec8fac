import { useTranslation } from "react-i18next";
import { cn } from "~/components/ui/cn";
import { SelectField } from "~/components/ui/select-field";
import { goldKarats, type GoldKarat } from "#domain/zakat/weights.ts";
import { AmountField } from "../amount-field";
import { FormSection } from "../form-section";
import { useAmount } from "./use-amount";
import type { StepProps } from "./step-props";

// Gold by karat and silver, by weight.

function KaratSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: GoldKarat;
  onChange: (karat: GoldKarat) => void;
}) {
  const { t } = useTranslation("calculator");
  return (
    <SelectField
      id={id}
      label={t("goldSilver.karat")}
      value={String(value)}
      options={goldKarats.map(String)}
      optionLabel={(karat) => t("goldSilver.karatOption", { karat: Number(karat) })}
      onChange={(karat) => onChange(Number(karat) as GoldKarat)}
    />
  );
}

export function GoldSilverStep(props: StepProps) {
  const { t } = useTranslation("calculator");
  const { draft, update } = props;
  const amount = useAmount(props);
  const byWeight = draft.isWeight;
  const unit = byWeight ? t("units.grams") : draft.settings.currency;
  const unitShort = byWeight ? "g" : draft.settings.currency;
  const exempt = draft.settings.methodology.jewellery === "exempt";
  const label = (id: "gold" | "silver" | "goldJewellery" | "silverJewellery") =>
    `${t(`fields.${id}.label`)} (${unit})`;

  return (
    <div className="space-y-6">
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-stone-800">{t("goldSilver.mode")}</legend>
        <div className="flex flex-wrap gap-3">
          {(["value", "weight"] as const).map((mode) => (
            <label
              key={mode}
              className={cn(
                "flex cursor-pointer items-center gap-2 rounded-lg border px-4 py-2.5 text-sm font-medium has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300",
                (mode === "weight") === byWeight
                  ? "border-brand-400 bg-brand-50 text-brand-900"
                  : "border-stone-300 bg-white text-stone-800",
              )}
            >
              <input
                type="radio"
                name="gold-silver-mode"
                value={mode}
                checked={(mode === "weight") === byWeight}
                onChange={() => update((d) => ({ ...d, isWeight: mode === "weight" }))}
                className="accent-brand-700"
              />
              {t(`goldSilver.modes.${mode}`)}
            </label>
          ))}
        </div>
        <p className="text-sm text-stone-600">
          {byWeight ? t("goldSilver.weightHint") : t("goldSilver.valueHint")}
        </p>
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <AmountField label={label("gold")} unit={unitShort} {...amount("gold")} />
        {byWeight ? (
          <KaratSelect
            id="gold-karat"
            value={draft.goldKarat}
            onChange={(karat) => update((d) => ({ ...d, goldKarat: karat }))}
          />
        ) : null}
        <AmountField
          label={label("silver")}
          unit={unitShort}
          className={byWeight ? "sm:col-span-2" : undefined}
          {...amount("silver")}
        />
      </div>

      <FormSection
        id="jewellery-title"
        title={t("goldSilver.jewelleryTitle")}
        hint={exempt ? t("goldSilver.jewelleryExempt") : t("goldSilver.jewelleryZakatable")}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <AmountField
            label={label("goldJewellery")}
            unit={unitShort}
            {...amount("goldJewellery")}
          />
          {byWeight ? (
            <KaratSelect
              id="gold-jewellery-karat"
              value={draft.goldJewelleryKarat}
              onChange={(karat) => update((d) => ({ ...d, goldJewelleryKarat: karat }))}
            />
          ) : null}
          <AmountField
            label={label("silverJewellery")}
            unit={unitShort}
            className={byWeight ? "sm:col-span-2" : undefined}
            {...amount("silverJewellery")}
          />
        </div>
      </FormSection>
    </div>
  );
}
