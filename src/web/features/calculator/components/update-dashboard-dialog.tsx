import { CheckCircle2, LayoutDashboard, Loader2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Language } from "~/app/route-table";
import { LocalizedLink } from "~/components/localized-link";
import { Button, buttonClasses } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogFooter } from "~/components/ui/dialog";
import type { Draft } from "../model/draft";
import type { ServerLink } from "../model/saved";
import { CalculationNameField, SaveError, useCalculationName } from "./calculation-name-field";
import { GuestSaveContent } from "./save-dialog";

/** The results prompt's dialogs (results-prompt.tsx decides which opens; this loads on demand). */
export function ResultsPromptDialogs({
  open,
  onClose,
  draft,
  workspace,
  link,
  lang,
  onSave,
}: {
  open: "guest" | "dashboard" | null;
  onClose: () => void;
  draft: Draft;
  workspace: { id: string; name: string } | null;
  link: ServerLink | null;
  lang: Language;
  onSave: (name: string, workspaceId: string) => Promise<boolean>;
}) {
  const close = (next: boolean) => {
    if (!next) onClose();
  };
  return (
    <>
      <Dialog open={open === "guest"} onOpenChange={close}>
        {open === "guest" ? <GuestSaveContent draft={draft} lang={lang} /> : null}
      </Dialog>
      <Dialog open={open === "dashboard"} onOpenChange={close}>
        {open === "dashboard" && workspace ? (
          <UpdateDashboardContent workspace={workspace} link={link} lang={lang} onSave={onSave} />
        ) : null}
      </Dialog>
    </>
  );
}

/**
 * "Update dashboard": saves the calculation as completed now, under a name (the default one
 * proposed), then offers the dashboard, whose recent calculations show it. "Not now" closes.
 */
export function UpdateDashboardContent({
  workspace,
  link,
  lang,
  onSave,
}: {
  workspace: { id: string; name: string };
  link: ServerLink | null;
  lang: Language;
  onSave: (name: string, workspaceId: string) => Promise<boolean>;
}) {
  const { t } = useTranslation("calculator");
  const { t: tc } = useTranslation();
  const nameId = useId();
  const errorId = useId();
  const [name, setName] = useCalculationName(link, lang);
  const [phase, setPhase] = useState<"ask" | "busy" | "done">("ask");
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (phase !== "ask") return;
    if (!name.trim()) {
      setError(t("save.nameRequired"));
      return;
    }
    setPhase("busy");
    setError(null);
    const ok = await onSave(name.trim(), link?.workspaceId ?? workspace.id);
    if (ok) {
      setPhase("done");
    } else {
      setPhase("ask");
      setError(t("save.failed"));
    }
  };

  if (phase === "done") {
    return (
      <DialogContent
        title={t("dashboardPrompt.doneTitle")}
        description={t("dashboardPrompt.doneText", { name: name.trim() })}
        closeLabel={tc("actions.close")}
        data-testid="update-dashboard-dialog"
        data-phase="done"
      >
        <p className="mt-4 flex items-center gap-2 text-sm font-medium text-brand-800">
          <CheckCircle2 className="size-5" aria-hidden="true" />
          {t("dashboardPrompt.done")}
        </p>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary">{tc("actions.close")}</Button>
          </DialogClose>
          <LocalizedLink
            to="/dashboard"
            className={buttonClasses()}
            data-testid="update-dashboard-go"
          >
            <LayoutDashboard aria-hidden="true" />
            {t("dashboardPrompt.goToDashboard")}
          </LocalizedLink>
        </DialogFooter>
      </DialogContent>
    );
  }

  const busy = phase === "busy";
  return (
    <DialogContent
      title={t("dashboardPrompt.title")}
      description={t("dashboardPrompt.text", { workspace: workspace.name })}
      closeLabel={tc("actions.close")}
      data-testid="update-dashboard-dialog"
      data-phase="ask"
    >
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <CalculationNameField
          id={nameId}
          value={name}
          onChange={setName}
          error={error}
          errorId={errorId}
          testId="update-dashboard-name"
        />
        <SaveError id={errorId} error={error} />
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" data-testid="update-dashboard-later">
              {t("save.later")}
            </Button>
          </DialogClose>
          <Button type="submit" disabled={busy} data-testid="update-dashboard-submit">
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            {busy ? t("save.saving") : t("dashboardPrompt.submit")}
          </Button>
        </DialogFooter>
      </form>
    </DialogContent>
  );
}
