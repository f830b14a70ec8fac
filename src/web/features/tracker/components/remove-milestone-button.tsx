import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { Spinner } from "~/components/ui/page-spinner";

/**
 * The remove button of a milestone in the tracker's timeline, after a confirmation that names
 * how many linked milestones (a threshold's reviews and its fall below nisab) go with it.
 */
export function RemoveMilestoneButton({
  title,
  linked,
  removing,
  disabled,
  onConfirm,
}: {
  /** the title as the reader sees it */
  title: string;
  /** how many linked milestones are removed with it */
  linked: number;
  removing: boolean;
  disabled: boolean;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation("tracker");
  return (
    <ConfirmButton
      trigger={
        <Button
          variant="quietDanger"
          size="icon"
          className="-mt-1 -me-1"
          disabled={disabled || removing}
          aria-busy={removing || undefined}
          aria-label={t(removing ? "timeline.removing" : "timeline.remove", { title })}
          data-testid="remove-milestone"
        >
          {removing ? <Spinner className="size-4" /> : <Trash2 aria-hidden="true" />}
        </Button>
      }
      title={t("removeConfirm.title", { title })}
      description={
        linked === 0
          ? t("removeConfirm.text")
          : `${t("removeConfirm.text")} ${t("removeConfirm.linked", { count: linked })}`
      }
      cancelLabel={t("removeConfirm.cancel")}
      confirmLabel={t("removeConfirm.action")}
      pendingLabel={t("removeConfirm.pending")}
      onConfirm={onConfirm}
      destructive
      testId="remove-milestone-dialog"
      confirmTestId="confirm-remove-milestone"
    />
  );
}
