import { Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { MilestoneDto } from "#contracts/zakat.ts";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";
import { useDisplayTitle } from "./milestone-badge";

/**
 * Delete of one milestone, after a confirmation. A threshold's confirmation says how many linked
 * milestones (its reviews and its threshold-down) go with it (spec §4). `onConfirm` resolves
 * once deleted; the dialog stays open, its buttons disabled, while it runs.
 */
export function DeleteMilestoneButton({
  milestone,
  linked,
  onConfirm,
}: {
  milestone: MilestoneDto;
  /** how many linked milestones are deleted with it */
  linked: number;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation("calendar");
  const title = useDisplayTitle()(milestone);
  return (
    <ConfirmButton
      trigger={
        <Button
          variant="danger"
          size="sm"
          aria-label={t("delete.named", { title })}
          data-testid="delete-milestone"
        >
          <Trash2 aria-hidden="true" />
          <span className="hidden sm:inline">{t("delete.button")}</span>
        </Button>
      }
      title={t("delete.title", { title })}
      description={
        t("delete.confirm") + (linked > 0 ? ` ${t("delete.linked", { count: linked })}` : "")
      }
      cancelLabel={t("delete.cancel")}
      confirmLabel={t("delete.action")}
      pendingLabel={t("delete.pending")}
      onConfirm={onConfirm}
      destructive
      testId="delete-milestone-dialog"
      confirmTestId="confirm-delete-milestone"
    />
  );
}
