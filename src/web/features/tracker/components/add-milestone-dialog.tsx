import { useState } from "react";
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
type AddableType = (typeof addableTypes)[number];

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
  const [date, setDate] = useState<string | null>(null);
  const [title, setTitle] = useState("");
  const [type, setType] = useState<AddableType>("due");
  const [errors, setErrors] = useState<{ date?: string; title?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = {
      date: date ? undefined : t("addMilestone.dateRequired"),
      title: title.trim() ? undefined : t("addMilestone.nameRequired"),
    };
    setErrors(found);
    setError(null);
    if (!date || found.title) return;
    setBusy(true);
    try {
      await onSubmit({ date, title: title.trim(), type });
      onDone();
    } catch (e) {
      setError(await message(e, t("addMilestone.failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-5 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={t("addMilestone.name")}
        placeholder={t("addMilestone.namePlaceholder")}
        value={title}
        maxLength={200}
        required
        error={errors.title}
        onChange={(event) => setTitle(event.target.value)}
      />
      <DatePicker
        label={t("addMilestone.date")}
        value={date}
        // a threshold is recorded once it happened: no day after today (due dates may be later)
        max={type === "threshold" ? today : undefined}
        today={today}
        error={errors.date}
        onChange={(day) => {
          setDate(day);
          setErrors((e) => ({ ...e, date: undefined }));
        }}
      />
      <SelectField
        label={t("addMilestone.type")}
        value={type}
        options={addableTypes}
        optionLabel={(option) => t(`addMilestone.types.${option}`)}
        onChange={setType}
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
