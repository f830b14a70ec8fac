import { useId, useState, type ReactNode } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { NotificationSettings } from "#contracts/notifications.ts";
import { formatTimeZone } from "#domain/dates/index.ts";
import { useLanguage } from "~/app/language";
import { Button } from "~/components/ui/button";
import { useContractForm } from "~/components/form/use-contract-form";
import { ErrorAlert, SubmitButton } from "~/components/ui/form-parts";
import { PageSpinner } from "~/components/ui/page-spinner";
import {
  browserTimeZone,
  useNotificationSettings,
  useSaveNotificationSettings,
} from "../api/notification-settings";
import { ReviewScheduleFields } from "./review-schedule";

// The notification settings (spec §2 "Dialogs", issue 15), kept on the server for the person:
// reminder e-mails on or off, the quarterly and monthly reviews with the schedule preview, and
// a week before each due date. Saving also records this page's language and the browser's time
// zone, which the reminder e-mails follow. The dialog and the profile show this same form.

// the request's four choices, each asked (the language and the time zone are the page's); imported
// on the first save: a static import brings zod to the dashboard's first load (decision 035),
// whose chunk holds this form because features/tracker/index.ts names it
const schema = () =>
  import("#contracts/notifications.ts").then((m) =>
    m.updateNotificationSettingsRequestSchema
      .pick({
        emailReminders: true,
        quarterlyReviews: true,
        monthlyReviews: true,
        weekBeforeDue: true,
      })
      .required(),
  );

const boxClasses =
  "flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 p-3 text-sm has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300";

function ChoiceBox({
  field,
  error,
  label,
  help,
  testId,
}: {
  /** the box's registration in the form */
  field: UseFormRegisterReturn;
  /** a refusal of it (the server's), said under it */
  error?: string;
  label: string;
  help: string;
  testId: string;
}) {
  const id = useId();
  return (
    <label className={boxClasses}>
      <input
        type="checkbox"
        aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
        aria-invalid={error ? true : undefined}
        className="mt-0.5 size-4 accent-brand-700"
        data-testid={testId}
        {...field}
      />
      <span>
        <span className="block font-medium text-stone-900">{label}</span>
        <span id={`${id}-help`} className="block text-stone-600">
          {help}
        </span>
        {error && (
          <span id={`${id}-error`} className="block font-medium text-red-700">
            {error}
          </span>
        )}
      </span>
    </label>
  );
}

/**
 * Loads the settings, then the form. `onDone` after a save; `cancel` (the dialog's) beside the
 * save button.
 */
export function NotificationSettingsForm({
  onDone,
  cancel,
}: {
  onDone?: () => void;
  cancel?: ReactNode;
}) {
  const { t } = useTranslation("tracker");
  const query = useNotificationSettings();
  if (query.isPending) return <PageSpinner label={t("notifications.loading")} />;
  if (query.isError) {
    return (
      <div className="mt-5 space-y-3">
        <ErrorAlert testId="notification-settings-load-error">
          {t("notifications.loadFailed")}
        </ErrorAlert>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t("notifications.retry")}
        </Button>
      </div>
    );
  }
  return <SettingsFields saved={query.data} onDone={onDone} cancel={cancel} />;
}

function SettingsFields({
  saved,
  onDone,
  cancel,
}: {
  saved: NotificationSettings;
  onDone?: () => void;
  cancel?: ReactNode;
}) {
  const { t } = useTranslation("tracker");
  const lang = useLanguage();
  const save = useSaveNotificationSettings();
  const form = useContractForm({
    schema,
    defaultValues: {
      emailReminders: saved.emailReminders,
      quarterlyReviews: saved.quarterlyReviews,
      monthlyReviews: saved.monthlyReviews,
      weekBeforeDue: saved.weekBeforeDue,
    },
  });
  const [quarterly, monthly] = form.watch(["quarterlyReviews", "monthlyReviews"]);
  const [failed, setFailed] = useState(false);
  const timeZone = browserTimeZone();

  const submit = form.handleSubmit(async (values) => {
    setFailed(false);
    try {
      await save.mutateAsync({ ...values, language: lang, ...(timeZone ? { timeZone } : {}) });
    } catch (error) {
      if (!form.applyServerError(error)) setFailed(true);
      return;
    }
    toast.success(t("notifications.saved"));
    onDone?.();
  });

  return (
    <form
      className="mt-5 space-y-4"
      data-testid="notification-settings-form"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      <ChoiceBox
        field={form.register("emailReminders")}
        error={form.fieldError("emailReminders")}
        label={t("notifications.emailReminders")}
        help={t("notifications.emailRemindersHelp")}
        testId="notification-email-reminders"
      />
      <p className="text-sm text-stone-600">{t("notifications.reviewsHelp")}</p>
      <ReviewScheduleFields
        value={{ quarterly: quarterly ?? false, monthly: monthly ?? false }}
        checkbox={(kind) => form.register(`${kind}Reviews`)}
        error={(kind) => form.fieldError(`${kind}Reviews`)}
      />
      <ChoiceBox
        field={form.register("weekBeforeDue")}
        error={form.fieldError("weekBeforeDue")}
        label={t("notifications.weekBefore")}
        help={t("notifications.weekBeforeHelp")}
        testId="notification-week-before"
      />
      <p className="text-xs text-stone-500" data-testid="notification-locale">
        {t("notifications.locale", {
          language: t(`notifications.languageNames.${lang}`),
          timeZone: formatTimeZone(timeZone ?? "UTC", lang),
        })}
      </p>
      {failed && (
        <ErrorAlert testId="notification-settings-save-error">
          {t("notifications.saveFailed")}
        </ErrorAlert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <SubmitButton
          loading={form.formState.isSubmitting}
          loadingLabel={t("notifications.saving")}
        >
          {t("notifications.save")}
        </SubmitButton>
      </div>
    </form>
  );
}
