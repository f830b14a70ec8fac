import { useState } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogFooter } from "~/components/ui/dialog";
import type { EmbedConfig } from "#contracts/embed.ts";
import { useEmbedConfigMutations } from "../api/use-embed-configs";
import { failureOf, type ManagerFailure } from "../model/manager";
import { FailureMessage } from "./failure-message";

/** Delete, after a confirmation: the key stops working at once. */
export function DeleteEmbedDialog({
  config,
  open,
  onOpenChange,
}: {
  config: EmbedConfig;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation("embed");
  const { remove } = useEmbedConfigMutations();
  const [failure, setFailure] = useState<ManagerFailure | null>(null);
  const confirm = () => {
    setFailure(null);
    remove.mutate(config.id, {
      onSuccess: () => {
        toast.success(t("manager.success.deleted"));
        onOpenChange(false);
      },
      onError: (error) => setFailure(failureOf(error, "deleteFailed")),
    });
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setFailure(null);
        onOpenChange(next);
      }}
    >
      <DialogContent
        title={t("manager.deleteDialog.title", { name: config.name })}
        description={t("manager.deleteDialog.text")}
        data-testid="delete-embed-dialog"
      >
        {failure ? (
          <div className="mt-4">
            <FailureMessage failure={failure} />
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t("manager.deleteDialog.cancel")}
          </Button>
          <Button
            onClick={confirm}
            disabled={remove.isPending}
            className="bg-red-700 hover:bg-red-800 active:bg-red-900"
            data-testid="delete-embed-confirm"
          >
            {t("manager.deleteDialog.confirm")}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
