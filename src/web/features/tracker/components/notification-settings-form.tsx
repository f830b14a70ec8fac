import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import type { NotificationSettings } from "#contracts/notifications.ts";
import { formatTimeZone } from "#domain/dates/index.ts";
import { useLanguage } from "~/app/language";
import { Button } from "~/components/ui/button";
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

type Draft = Pick<
  NotificationSettings,
  "emailReminders" | "quarterlyReviews" | "monthlyReviews" | "weekBeforeDue"
>;

const boxClasses =
  "flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 p-3 text-sm has-[:checked]:border-brand-400 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-300";

function ChoiceBox({
  checked,
  onChange,
  label,
  help,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  help: string;
  testId: string;
}) {
  const id = useId();
  return (
    <label className={boxClasses}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={`${id}-help`}
        className="mt-0.5 size-4 accent-brand-700"
        data-testid={testId}
      />
      <span>
        <span className="block font-medium text-stone-900">{label}</span>
        <span id={`${id}-help`} className="block text-stone-600">
          {help}
        </span>
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
  const [draft, setDraft] = useState<Draft>({
    emailReminders: saved.emailReminders,
    quarterlyReviews: saved.quarterlyReviews,
    monthlyReviews: saved.monthlyReviews,
    weekBeforeDue: saved.weekBeforeDue,
  });
  const timeZone = browserTimeZone();
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));

  return (
    <form
      className="mt-5 space-y-4"
      data-testid="notification-settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { ...draft, language: lang, ...(timeZone ? { timeZone } : {}) },
          {
            onSuccess: () => {
              toast.success(t("notifications.saved"));
              onDone?.();
            },
          },
        );
      }}
    >
      <ChoiceBox
        checked={draft.emailReminders}
        onChange={(emailReminders) => set({ emailReminders })}
        label={t("notifications.emailReminders")}
        help={t("notifications.emailRemindersHelp")}
        testId="notification-email-reminders"
      />
      <p className="text-sm text-stone-600">{t("notifications.reviewsHelp")}</p>
      <ReviewScheduleFields
        value={{ quarterly: draft.quarterlyReviews, monthly: draft.monthlyReviews }}
        onChange={(choice) =>
          set({ quarterlyReviews: choice.quarterly, monthlyReviews: choice.monthly })
        }
      />
      <ChoiceBox
        checked={draft.weekBeforeDue}
        onChange={(weekBeforeDue) => set({ weekBeforeDue })}
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
      {save.isError && (
        <ErrorAlert testId="notification-settings-save-error">
          {t("notifications.saveFailed")}
        </ErrorAlert>
      )}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        {cancel}
        <SubmitButton loading={save.isPending} loadingLabel={t("notifications.saving")}>
          {t("notifications.save")}
        </SubmitButton>
      </div>
    </form>
  );
}
