import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { NotificationSettingsForm } from "./notification-settings-form";

/**
 * Spec "Dialogs": notification settings, the quarterly and monthly review checkboxes with a
 * schedule preview, and the week-before-due box (issue 15: the reminder e-mails, stored for
 * the person on the server). The reviews are also proposed again for every new threshold.
 */
export function NotificationSettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("tracker");
  const close = () => onOpenChange(false);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("notifications.title")}
        description={t("notifications.description")}
        closeLabel={t("dialog.close")}
        className="max-w-lg"
        data-testid="notification-settings-dialog"
      >
        <NotificationSettingsForm
          onDone={close}
          cancel={
            <Button variant="secondary" onClick={close}>
              {t("notifications.cancel")}
            </Button>
          }
        />
      </DialogContent>
    </Dialog>
  );
}
