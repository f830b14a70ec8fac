import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ConfirmButton } from "~/components/ui/confirm-button";

/**
 * The Delete button of one calculation and its confirmation (spec §5: "Are you sure you want to
 * delete this calculation?"). `onConfirm` resolves once deleted; the dialog stays open, its
 * buttons disabled, while it runs.
 */
export function DeleteCalculationButton({
  name,
  onConfirm,
}: {
  name: string;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation("history");
  return (
    <ConfirmButton
      trigger={
        <Button
          variant="danger"
          size="sm"
          aria-label={t("item.deleteNamed", { name })}
          data-testid="delete-calculation"
        >
          {t("item.delete")}
        </Button>
      }
      title={t("delete.title", { name })}
      description={t("delete.confirm")}
      cancelLabel={t("delete.cancel")}
      confirmLabel={t("delete.action")}
      pendingLabel={t("delete.pending")}
      onConfirm={onConfirm}
      destructive
      testId="delete-calculation-dialog"
      confirmTestId="confirm-delete"
    />
  );
}
