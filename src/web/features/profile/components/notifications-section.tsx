import { useTranslation } from "react-i18next";
import { Card, CardTitle } from "~/components/ui/card";
import { NotificationSettingsForm } from "~/features/tracker";

/** Profile → the reminder e-mails: the same settings as the tracker's dialog (issue 15). */
export function NotificationsSection() {
  const { t } = useTranslation("profile");
  const { t: tracker } = useTranslation("tracker");
  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-3">
      <Card className="lg:col-span-2">
        <section aria-labelledby="profile-notifications" data-testid="profile-notifications">
          <CardTitle as="h2" id="profile-notifications">
            {t("notificationsTitle")}
          </CardTitle>
          <p className="mt-2 text-sm leading-6 text-stone-600">
            {tracker("notifications.description")}
          </p>
          <NotificationSettingsForm />
        </section>
      </Card>
    </div>
  );
}
