import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import type { Draft } from "../model/draft";
import type { PriceStatus } from "../hooks/use-prices";
import { SettingsFields } from "./settings-fields";

export function SettingsDialog({
  open,
  onOpenChange,
  draft,
  update,
  lang,
  priceStatus,
  onRefreshPrices,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  draft: Draft;
  update: (change: (draft: Draft) => Draft) => void;
  lang: Language;
  priceStatus: PriceStatus;
  onRefreshPrices: () => void;
}) {
  const { t } = useTranslation("calculator");
  const { t: tc } = useTranslation();

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={t("settings.title")}
        description={t("settings.description")}
        closeLabel={tc("actions.close")}
        className="max-w-2xl"
        data-testid="settings-dialog"
      >
        <div className="mt-6">
          <SettingsFields
            draft={draft}
            update={update}
            lang={lang}
            priceStatus={priceStatus}
            onRefreshPrices={onRefreshPrices}
          />
        </div>
        <DialogFooter>
          <DialogClose asChild>
            <Button>{t("settings.done")}</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
