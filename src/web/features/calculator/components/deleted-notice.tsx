import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";

/** The open calculation was deleted on the server: say so, and offer to save it anew. */
export function DeletedNotice({ onSaveAsNew }: { onSaveAsNew: () => Promise<boolean> }) {
  const { t } = useTranslation("calculator");
  const [busy, setBusy] = useState(false);
  return (
    <div
      role="alert"
      className="mt-4 rounded-2xl border border-gold-300 bg-gold-50 p-4 text-gold-900 print:hidden"
      data-testid="calculation-deleted"
    >
      <div className="flex gap-3">
        <AlertTriangle className="mt-0.5 size-5 shrink-0 text-gold-700" aria-hidden="true" />
        <div>
          <h2 className="font-semibold">{t("save.deleted.title")}</h2>
          <p className="mt-1 text-sm">{t("save.deleted.text")}</p>
          <Button
            className="mt-3"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void onSaveAsNew().finally(() => setBusy(false));
            }}
          >
            {t("save.deleted.saveAsNew")}
          </Button>
        </div>
      </div>
    </div>
  );
}
