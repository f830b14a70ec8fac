import { useId, useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { updateTrackerSettingsRequestSchema, type TrackerSettings } from "#contracts/zakat.ts";
import { hawlRules, trackerYearBases } from "#domain/hawl/index.ts";
import { currencyCodes } from "#domain/money/currency.ts";
import { useLanguage } from "~/app/language";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { ErrorAlert, SubmitButton } from "~/components/ui/form-parts";
import { useContractForm } from "~/components/form/use-contract-form";
import { useErrorMessageLater } from "~/lib/error-message";
import { SelectField } from "~/components/ui/select-field";

// the request's schema with every setting asked (the form sends all three)
const schema = updateTrackerSettingsRequestSchema.required();

/**
 * The workspace's tracker settings (PATCH …/zakat/settings): the hawl rule (PRODUCT.md:
 * majority or Hanafi), the year basis (Hijri or Gregorian) and the currency of its amounts.
 */
export function TrackerSettingsCard({
  settings,
  onSave,
  className,
}: {
  settings: TrackerSettings;
  /** saves; rejects with the API's error, shown in the card */
  onSave: (settings: TrackerSettings) => Promise<void>;
  className?: string;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const message = useErrorMessageLater();
  const id = useId();
  const form = useContractForm({ schema, defaultValues: settings });
  const currency = useController({ control: form.control, name: "currency" }).field;
  const draft = form.watch();
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;
  const changed =
    draft.hawlRule !== settings.hawlRule ||
    draft.yearBasis !== settings.yearBasis ||
    draft.currency !== settings.currency;

  const save = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSave(values);
      toast.success(t("settings.saved"));
    } catch (e) {
      if (!form.applyServerError(e)) setError(await message(e, t("settings.failed")));
    }
  });

  const currencyName = (code: string) => {
    try {
      const name = new Intl.DisplayNames([lang], { type: "currency" }).of(code);
      return name ? `${code} — ${name}` : code;
    } catch {
      return code;
    }
  };

  const choice = <K extends "hawlRule" | "yearBasis">(
    key: K,
    values: readonly TrackerSettings[K][],
    text: (value: TrackerSettings[K]) => { label: string; description: string },
    legend: string,
  ) => {
    const refused = form.fieldError(key);
    const errorId = `${id}-${key}-error`;
    return (
      <fieldset className="space-y-2" aria-describedby={refused ? errorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-stone-800">{legend}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {values.map((value) => {
            const { label, description } = text(value);
            return (
              <label
                key={value}
                className={cn(
                  "flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300",
                  draft[key] === value
                    ? "border-brand-400 bg-brand-50"
                    : "border-stone-300 bg-white",
                )}
              >
                <input
                  type="radio"
                  value={value}
                  aria-invalid={refused ? true : undefined}
                  className="mt-0.5 accent-brand-700"
                  {...form.register(key)}
                />
                <span>
                  <span className="block font-medium text-stone-900">{label}</span>
                  <span className="block text-stone-600">{description}</span>
                </span>
              </label>
            );
          })}
        </div>
        {refused && (
          <p id={errorId} className="text-sm font-medium text-red-700">
            {refused}
          </p>
        )}
      </fieldset>
    );
  };

  return (
    <Card className={className} data-testid="tracker-settings">
      <section aria-labelledby={`${id}-title`}>
        <CardTitle as="h2" id={`${id}-title`}>
          {t("settings.title")}
        </CardTitle>
        <CardDescription className="mt-1">{t("settings.description")}</CardDescription>
        <form className="mt-5 space-y-5" onSubmit={(e) => void save(e)} noValidate>
          {choice(
            "hawlRule",
            hawlRules,
            (rule) => ({
              label: t(`settings.rules.${rule}.label`),
              description: t(`settings.rules.${rule}.description`),
            }),
            t("settings.hawlRule"),
          )}
          {choice(
            "yearBasis",
            trackerYearBases,
            (basis) => ({
              label: t(`settings.bases.${basis}.label`),
              description: t(`settings.bases.${basis}.description`),
            }),
            t("settings.yearBasis"),
          )}
          <div className="sm:max-w-sm">
            <SelectField
              label={t("settings.currency")}
              value={currency.value}
              options={currencyCodes}
              optionLabel={currencyName}
              onChange={currency.onChange}
              ref={currency.ref}
              error={form.fieldError("currency")}
              testId="settings-currency"
            />
          </div>
          {error && <ErrorAlert testId="settings-error">{error}</ErrorAlert>}
          <SubmitButton
            loading={busy}
            loadingLabel={t("settings.saving")}
            disabled={!changed}
            data-testid="settings-save"
          >
            {t("settings.save")}
          </SubmitButton>
        </form>
      </section>
    </Card>
  );
}
