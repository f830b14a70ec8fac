import { useMemo, useState } from "react";
import { z } from "zod";
import { createMilestoneRequestSchema } from "#contracts/zakat.ts";
import { useContractForm } from "~/components/form/use-contract-form";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { ErrorAlert, Field, SubmitButton } from "~/components/ui/form-parts";
import { useErrorMessageLater } from "~/lib/error-message";
import type { NewMilestoneInput } from "../hooks/use-milestone-adder";
import { useToday } from "../lib/dates";
import { DatePicker } from "./date-picker";
import { SelectField } from "~/components/ui/select-field";

/** Spec §5: the dialog offers due, threshold and payment; due by default. */
export const addableTypes = ["due", "threshold", "payment"] as const;

/**
 * Spec "Dialogs": add milestone, with a date, a title and a type (spec §5: all required). A
 * threshold goes on to the review-schedule setup (the caller's `onSubmit` opens it).
 */
export function AddMilestoneDialog({
  open,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** adds it; rejects with the API's error, shown in the dialog */
  onSubmit: (input: NewMilestoneInput) => Promise<void>;
}) {
  const { t } = useTranslation("tracker");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("addMilestone.title")}
        description={t("addMilestone.description")}
        closeLabel={t("dialog.close")}
        data-testid="add-milestone-dialog"
      >
        <AddMilestoneForm onSubmit={onSubmit} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

// the request's own date and title rules; the types this dialog offers
const schema = createMilestoneRequestSchema
  .pick({ date: true, title: true })
  .extend({ type: z.enum(addableTypes) });

function AddMilestoneForm({
  onSubmit,
  onDone,
}: {
  onSubmit: (input: NewMilestoneInput) => Promise<void>;
  onDone: () => void;
}) {
  const { t } = useTranslation("tracker");
  const message = useErrorMessageLater();
  const today = useToday();
  const messages = useMemo(
    () => ({
      date: { required: t("addMilestone.dateRequired"), invalid: t("addMilestone.dateRequired") },
      title: { required: t("addMilestone.nameRequired") },
    }),
    [t],
  );
  const form = useContractForm({
    schema,
    defaultValues: { title: "", type: "due" },
    messages,
  });
  const [date, type] = form.watch(["date", "type"]);
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await onSubmit(values);
      onDone();
    } catch (e) {
      if (!form.applyServerError(e)) setError(await message(e, t("addMilestone.failed")));
    }
  });

  return (
    <form className="mt-5 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={t("addMilestone.name")}
        placeholder={t("addMilestone.namePlaceholder")}
        maxLength={200}
        required
        error={form.fieldError("title")}
        {...form.register("title")}
      />
      <DatePicker
        label={t("addMilestone.date")}
        value={date ?? null}
        // a threshold is recorded once it happened: no day after today (due dates may be later)
        max={type === "threshold" ? today : undefined}
        today={today}
        error={form.fieldError("date")}
        onChange={(day) => {
          form.setValue("date", day, { shouldValidate: form.formState.isSubmitted });
        }}
      />
      <SelectField
        label={t("addMilestone.type")}
        value={type}
        options={addableTypes}
        optionLabel={(option) => t(`addMilestone.types.${option}`)}
        onChange={(next) => form.setValue("type", next)}
        testId="add-milestone-type"
      />
      {error && <ErrorAlert testId="add-milestone-error">{error}</ErrorAlert>}
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t("addMilestone.cancel")}
        </Button>
        <SubmitButton
          loading={busy}
          loadingLabel={t("addMilestone.submitting")}
          data-testid="add-milestone-submit"
        >
          {t("addMilestone.submit")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
