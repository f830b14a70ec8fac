import { useState } from "react";
import { useTranslation } from "react-i18next";
import { priorityValues, type CreateObligationRequest } from "#contracts/zakat.ts";
import type { CurrencyCode } from "#domain/money/currency.ts";
import { useLanguage } from "~/app/language";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { ErrorAlert, Field, SubmitButton } from "~/components/ui/form-parts";
import { useErrorMessageLater } from "~/lib/error-message";
import { checkTrackerAmount, typingExample } from "./amount";
import { DatePicker } from "./date-picker";
import { SelectField } from "~/components/ui/select-field";

type Priority = (typeof priorityValues)[number];

/**
 * Spec "Dialogs": add record. Amount as people type it in their language, category and due
 * date required, priority medium by default (spec §5).
 */
export function AddRecordDialog({
  open,
  onOpenChange,
  currency,
  onSubmit,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currency: CurrencyCode;
  /** adds it; rejects with the API's error, shown in the dialog */
  onSubmit: (record: CreateObligationRequest) => Promise<void>;
}) {
  const { t } = useTranslation("tracker");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("addRecord.title")}
        description={t("addRecord.description")}
        closeLabel={t("dialog.close")}
        data-testid="add-record-dialog"
      >
        <AddRecordForm currency={currency} onSubmit={onSubmit} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

interface FieldErrors {
  amount?: string;
  category?: string;
  dueDate?: string;
}

function AddRecordForm({
  currency,
  onSubmit,
  onDone,
}: {
  currency: CurrencyCode;
  onSubmit: (record: CreateObligationRequest) => Promise<void>;
  onDone: () => void;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const message = useErrorMessageLater();
  const [amount, setAmount] = useState("");
  const [category, setCategory] = useState("");
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [priority, setPriority] = useState<Priority>("medium");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const parsed = checkTrackerAmount(amount, lang, currency);
    const found: FieldErrors = {
      amount: parsed.ok ? undefined : t(`addRecord.amountErrors.${parsed.error}`),
      category: category.trim() ? undefined : t("addRecord.categoryRequired"),
      dueDate: dueDate ? undefined : t("addRecord.dueDateRequired"),
    };
    setErrors(found);
    if (!parsed.ok || found.category || !dueDate) return;
    setBusy(true);
    try {
      await onSubmit({ amount: parsed.value, category: category.trim(), dueDate, priority });
      onDone();
    } catch (e) {
      setError(await message(e, t("addRecord.failed")));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mt-5 space-y-4" onSubmit={(e) => void submit(e)} noValidate>
      <Field
        label={t("addRecord.amount", { currency })}
        hint={t("addRecord.amountHint", { example: typingExample[lang] })}
        value={amount}
        inputMode="decimal"
        autoComplete="off"
        required
        error={errors.amount}
        onChange={(event) => setAmount(event.target.value)}
      />
      <Field
        label={t("addRecord.category")}
        placeholder={t("addRecord.categoryPlaceholder")}
        value={category}
        maxLength={100}
        required
        error={errors.category}
        onChange={(event) => setCategory(event.target.value)}
      />
      <DatePicker
        label={t("addRecord.dueDate")}
        value={dueDate}
        error={errors.dueDate}
        onChange={(day) => {
          setDueDate(day);
          setErrors((e) => ({ ...e, dueDate: undefined }));
        }}
      />
      <SelectField
        label={t("addRecord.priority")}
        value={priority}
        options={priorityValues}
        optionLabel={(p) => t(`addRecord.priorities.${p}`)}
        onChange={setPriority}
        testId="add-record-priority"
      />
      {error && <ErrorAlert testId="add-record-error">{error}</ErrorAlert>}
      <DialogFooter>
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t("addRecord.cancel")}
        </Button>
        <SubmitButton
          loading={busy}
          loadingLabel={t("addRecord.submitting")}
          data-testid="add-record-submit"
        >
          {t("addRecord.submit")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
