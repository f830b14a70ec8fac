import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "~/components/ui/dialog";
import { ReviewScheduleFields, useReviewDefaults, type ReviewChoice } from "./review-schedule";

/**
 * Spec "Dialogs": notification settings, the quarterly and monthly review checkboxes with a
 * schedule preview. What is saved is proposed again for every new threshold.
 */
export function NotificationSettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("tracker");
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("notifications.title")}
        description={t("notifications.description")}
        closeLabel={t("dialog.close")}
        data-testid="notification-settings-dialog"
      >
        <NotificationForm onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function NotificationForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation("tracker");
  const [saved, save] = useReviewDefaults();
  const [draft, setDraft] = useState<ReviewChoice>(saved);
  return (
    <form
      className="mt-5"
      onSubmit={(event) => {
        event.preventDefault();
        save(draft);
        toast.success(t("notifications.saved"));
        onDone();
      }}
    >
      <ReviewScheduleFields value={draft} onChange={setDraft} />
      <DialogFooter>
        <Button variant="secondary" onClick={onDone}>
          {t("notifications.cancel")}
        </Button>
        <Button type="submit">{t("notifications.save")}</Button>
      </DialogFooter>
    </form>
  );
}
