import { Trash2 } from "lucide-react";
import { AlertDialog } from "radix-ui";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { MilestoneDto } from "../../../../contracts/zakat";
import { Button } from "~/components/ui/button";
import { displayTitle } from "./milestone-badge";

/**
 * Delete of one milestone, after a confirmation (Radix AlertDialog: focus on Cancel, Escape
 * cancels, focus returns to the button). A threshold's confirmation says that its reviews and
 * its threshold-down go with it (spec §4). `onConfirm` resolves once deleted; the dialog stays
 * open, its buttons disabled, while it runs.
 */
export function DeleteMilestoneButton({
  milestone,
  onConfirm,
}: {
  milestone: MilestoneDto;
  onConfirm: () => Promise<unknown>;
}) {
  const { t } = useTranslation("calendar");
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const title = displayTitle(milestone);

  async function confirm(event: React.MouseEvent) {
    event.preventDefault();
    setPending(true);
    try {
      await onConfirm();
    } catch {
      // the caller reports the failure; the dialog closes either way
    } finally {
      setPending(false);
      setOpen(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialog.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-red-700 hover:bg-red-50 hover:text-red-800"
          aria-label={t("delete.named", { title })}
          data-testid="delete-milestone"
        >
          <Trash2 aria-hidden="true" />
          <span className="hidden sm:inline">{t("delete.button")}</span>
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/40 backdrop-blur-[2px] data-[state=open]:animate-fade-in" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl data-[state=open]:animate-fade-in"
          data-testid="delete-milestone-dialog"
        >
          <AlertDialog.Title className="text-lg font-semibold tracking-tight break-words text-stone-900">
            {t("delete.title", { title })}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm leading-6 text-stone-600">
            {t("delete.confirm")}
            {milestone.type === "threshold" ? ` ${t("delete.cascade")}` : ""}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {t("delete.cancel")}
              </Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button
                className="bg-red-700 hover:bg-red-800 active:bg-red-900"
                disabled={pending}
                aria-busy={pending || undefined}
                onClick={(event) => void confirm(event)}
                data-testid="confirm-delete-milestone"
              >
                {pending ? t("delete.pending") : t("delete.action")}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
