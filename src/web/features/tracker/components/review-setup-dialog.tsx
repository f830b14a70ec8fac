import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { createMilestoneRequestSchema } from "#contracts/zakat.ts";
import { useLanguage } from "~/app/language";
import { useContractForm } from "~/components/form/use-contract-form";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { ErrorAlert, SubmitButton } from "~/components/ui/form-parts";
import { useErrorMessageLater } from "~/lib/error-message";
import type { NotificationSettings } from "#contracts/notifications.ts";
import { notificationSettingsQueryKey } from "../api/notification-settings";
import { formatDayLong } from "../lib/dates";
import { ReviewScheduleFields, readReviewDefaults, type ReviewChoice } from "./review-schedule";

// the milestone request's review schedule, asked (this dialog is on demand: zod comes with it)
const schema = createMilestoneRequestSchema.pick({ reminders: true }).required();

/**
 * Spec "Dialogs": the review-schedule setup shown when a threshold is added. The threshold is
 * only sent when this is confirmed, with the reviews chosen (`reminders`); cancelling adds
 * nothing.
 */
export function ReviewSetupDialog({
  threshold,
  onClose,
  onSubmit,
}: {
  /** the threshold waiting to be added; null: closed */
  threshold: { date: string; title: string } | null;
  onClose: () => void;
  /** adds the threshold; rejects with the API's error, shown in the dialog */
  onSubmit: (reminders: ReviewChoice) => Promise<void>;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  return (
    <Dialog open={threshold !== null} onOpenChange={(open) => !open && onClose()}>
      {threshold && (
        <DialogContent
          title={t("reviewSetup.title")}
          description={t("reviewSetup.description", { date: formatDayLong(threshold.date, lang) })}
          closeLabel={t("dialog.close")}
          className="max-w-lg"
          data-testid="review-setup-dialog"
        >
          <ReviewSetupForm date={threshold.date} onCancel={onClose} onSubmit={onSubmit} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function ReviewSetupForm({
  date,
  onCancel,
  onSubmit,
}: {
  date: string;
  onCancel: () => void;
  onSubmit: (reminders: ReviewChoice) => Promise<void>;
}) {
  const { t } = useTranslation("tracker");
  const message = useErrorMessageLater();
  // the person's saved choice (notification settings), else this device's last one
  const saved = useQueryClient().getQueryData<NotificationSettings>(notificationSettingsQueryKey);
  const form = useContractForm({
    schema,
    defaultValues: {
      reminders: saved
        ? { quarterly: saved.quarterlyReviews, monthly: saved.monthlyReviews }
        : readReviewDefaults(),
    },
  });
  const [quarterly, monthly] = form.watch(["reminders.quarterly", "reminders.monthly"]);
  const [error, setError] = useState<string | null>(null);
  const busy = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ reminders }) => {
    setError(null);
    try {
      await onSubmit(reminders);
    } catch (e) {
      // the threshold's date and title were chosen before this dialog: said above, as before
      if (!form.applyServerError(e)) setError(await message(e, t("threshold.failed")));
    }
  });

  return (
    <form className="mt-5 space-y-4" noValidate onSubmit={(event) => void submit(event)}>
      <ReviewScheduleFields
        value={{ quarterly: quarterly ?? false, monthly: monthly ?? false }}
        checkbox={(kind) => form.register(`reminders.${kind}`)}
        error={(kind) => form.fieldError(`reminders.${kind}`)}
        startDate={date}
      />
      {error && <ErrorAlert testId="review-setup-error">{error}</ErrorAlert>}
      <DialogFooter>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("reviewSetup.cancel")}
        </Button>
        <SubmitButton
          loading={busy}
          loadingLabel={t("reviewSetup.submitting")}
          data-testid="review-setup-submit"
        >
          {t("reviewSetup.submit")}
        </SubmitButton>
      </DialogFooter>
    </form>
  );
}
