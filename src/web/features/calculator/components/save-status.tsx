import { AlertTriangle, Check, Loader2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import type { ServerSaveStatus } from "../hooks/use-server-save";

// Apart from save-dialog.tsx: the status shows on the page's first render, the dialogs load on
// first use (dialogs-on-demand.tsx).

/** "Saved" / "Saving…" / "Not saved — retry", announced politely. */
export function SaveStatus({ status, onRetry }: { status: ServerSaveStatus; onRetry: () => void }) {
  const { t } = useTranslation("calculator");
  return (
    <div
      aria-live="polite"
      className="flex min-h-9 items-center gap-2 text-sm text-stone-600"
      data-testid="save-status"
      data-status={status}
    >
      {status === "saving" || status === "pending" ? (
        <>
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
          {t("save.status.saving")}
        </>
      ) : status === "saved" ? (
        <>
          <Check className="size-4 text-brand-700" aria-hidden="true" />
          {t("save.status.saved")}
        </>
      ) : status === "error" || status === "conflict" ? (
        <>
          <AlertTriangle className="size-4 text-red-700" aria-hidden="true" />
          <span className="text-red-800">{t("save.status.notSaved")}</span>
          {status === "error" ? (
            <Button size="sm" variant="ghost" onClick={onRetry} data-testid="save-retry">
              {t("save.status.retry")}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
