import { Plus } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { useController } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { createMilestoneRequestSchema } from "#contracts/zakat.ts";
import { Card, CardDescription, CardTitle } from "~/components/ui/card";
import { cn } from "~/components/ui/cn";
import { ErrorAlert, SubmitButton } from "~/components/ui/form-parts";
import { useContractForm } from "~/components/form/use-contract-form";
import { useErrorMessageLater } from "~/lib/error-message";
import type { AddOptions, NewMilestoneInput } from "../hooks/use-milestone-adder";
import { useToday } from "../lib/dates";
import { DatePicker } from "./date-picker";

type Kind = "threshold" | "threshold-down";

// the milestone request's date and type rules (the title is the card's own)
const schema = createMilestoneRequestSchema.pick({ date: true, type: true });

/**
 * Spec "Nisab tracker": the threshold card. A radio choice between threshold exceeded (up) and
 * fell below (down, offered only once a nisab date is shown), a date that can only be picked
 * (no day after today: nisab is recorded once it happened), and "Add to timeline".
 */
export function ThresholdCard({
  allowDown,
  onAdd,
  today: givenToday,
  className,
}: {
  /** true when a nisab date is shown: only then can wealth have fallen below it */
  allowDown: boolean;
  /** adds the milestone (`onAdded` once it is); rejects with the API's error, shown in the card */
  onAdd: (input: NewMilestoneInput, options?: AddOptions) => Promise<void>;
  today?: string;
  className?: string;
}) {
  const { t } = useTranslation("tracker");
  const message = useErrorMessageLater();
  const browserToday = useToday();
  const today = givenToday ?? browserToday;
  const id = useId();
  const messages = useMemo(() => ({ date: { required: t("threshold.dateRequired") } }), [t]);
  const form = useContractForm({
    schema,
    defaultValues: { type: "threshold" as Kind },
    messages,
  });
  const date = useController({ control: form.control, name: "date" }).field;
  const kind = form.watch("type");
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  // "fell below" is offered only while a nisab date is shown
  const { setValue } = form;
  useEffect(() => {
    if (!allowDown) setValue("type", "threshold");
  }, [allowDown, setValue]);

  const submit = form.handleSubmit(
    async (values) => {
      setError(null);
      const type: Kind = allowDown && values.type === "threshold-down" ? values.type : "threshold";
      try {
        const titleCode = type === "threshold" ? "nisab-reached" : "nisab-below";
        await onAdd(
          { date: values.date, type, title: t(`titles.${titleCode}`), titleCode },
          // the next entry starts from an empty date, not from the one just recorded
          { onAdded: () => form.resetField("date") },
        );
      } catch (e) {
        if (!form.applyServerError(e)) setError(await message(e, t("threshold.failed")));
      }
    },
    () => setError(null),
  );

  const options: { kind: Kind; label: string; help: string }[] = [
    { kind: "threshold", label: t("threshold.up"), help: t("threshold.upHelp") },
    ...(allowDown
      ? [
          {
            kind: "threshold-down" as const,
            label: t("threshold.down"),
            help: t("threshold.downHelp"),
          },
        ]
      : []),
  ];

  return (
    <Card className={className} data-testid="threshold-card">
      <section aria-labelledby={`${id}-title`}>
        <CardTitle as="h2" id={`${id}-title`}>
          {t("threshold.title")}
        </CardTitle>
        <CardDescription className="mt-1">{t("threshold.help")}</CardDescription>
        <form className="mt-5 space-y-5" onSubmit={(e) => void submit(e)} noValidate>
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium text-stone-800">
              {t("threshold.kind")}
            </legend>
            <div className={cn("grid gap-2", allowDown && "sm:grid-cols-2")}>
              {options.map((option) => (
                <label
                  key={option.kind}
                  className={cn(
                    "flex cursor-pointer items-start gap-2 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300",
                    kind === option.kind
                      ? "border-brand-400 bg-brand-50"
                      : "border-stone-300 bg-white",
                  )}
                >
                  <input
                    type="radio"
                    value={option.kind}
                    className="mt-0.5 accent-brand-700"
                    {...form.register("type")}
                  />
                  <span>
                    <span className="block font-medium text-stone-900">{option.label}</span>
                    <span className="block text-stone-600">{option.help}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <DatePicker
            label={t("threshold.date")}
            value={date.value ?? null}
            max={today}
            today={today}
            error={form.fieldError("date")}
            onChange={date.onChange}
            ref={date.ref}
          />
          {error && <ErrorAlert testId="threshold-error">{error}</ErrorAlert>}
          <SubmitButton
            loading={busy}
            loadingLabel={t("threshold.adding")}
            className="w-full sm:w-auto"
            data-testid="threshold-add"
          >
            <Plus aria-hidden="true" />
            {t("threshold.add")}
          </SubmitButton>
        </form>
      </section>
    </Card>
  );
}
